import json
import random

import pytest

from tarot_core import Rules, replay, to_record
from tarot_core.lab.bench import random_deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_deals_replay_to_the_same_result(players: int) -> None:
    rng = random.Random(players)
    for i in range(50):
        deal = random_deal(rng, Rules(players=players), i % players)
        result = replay(json.loads(json.dumps(to_record(deal))))
        assert result == deal.result
        assert sum(result.scores) == 0
