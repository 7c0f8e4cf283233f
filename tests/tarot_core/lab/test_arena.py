"""The arena (``python -m tarot_core arena``): its statistics on hand-made sets worked out by
hand, and real small arenas of random bots, which must be deterministic under the seed whatever
the number of processes, resumable, and exactly even when the candidate is the baseline."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

import pytest
from tarot_command import tarot

from tarot_core.actions import Action, Bid
from tarot_core.bots import RandomBot
from tarot_core.lab import arena, stats
from tarot_core.lab.arena import ArenaConfig, ArenaError, RunResult, SetResult, run_arena, summarize
from tarot_core.rules import Contract
from tarot_core.view import DealView

RANDOM = ArenaConfig(players=4, candidate="random", baseline="random", think_ms=50, seed=3)


def played(scores: tuple[int, ...], taker: int, contract: str, made: bool) -> RunResult:
    return RunResult(scores, "played", taker, contract, made)


PASSED3 = RunResult((0, 0, 0), "passed")
PETIT_SEC3 = RunResult((0, 0, 0), "petit_sec")

# Three sets at three players; runs[0] is all-baseline, runs[1 + s] the candidate in seat s.
HAND_MADE = [
    SetResult(
        0,
        (
            played((60, -30, -30), 0, "garde", True),
            played((80, -40, -40), 0, "garde", True),  # seat 0: 80 - 60 = +20
            played((15, -30, 15), 1, "prise", False),  # seat 1: -30 - -30 = 0
            PASSED3,  # seat 2: 0 - -30 = +30
        ),
        {"expert": (10.0, 30.0), "heuristic": (1.0, 2.0, 3.0)},
    ),
    SetResult(
        1,
        (
            PASSED3,
            played((-50, 100, -50), 1, "garde", True),  # seat 0, a baseline took: -50
            played((-100, 200, -100), 1, "garde_sans", True),  # seat 1: +200
            played((150, 150, -300), 2, "garde_contre", False),  # seat 2: -300
        ),
        {"expert": (20.0,), "heuristic": (4.0,)},
    ),
    SetResult(2, (PETIT_SEC3,) * 4, {}),
]
HAND_CONFIG = ArenaConfig(players=3, candidate="expert", baseline="heuristic", think_ms=9, seed=5)


def test_statistics_of_hand_made_sets() -> None:
    s = summarize(HAND_CONFIG, list(reversed(HAND_MADE)))  # order of arrival does not matter
    gains = [50 / 3, -50.0, 0.0]  # (20 + 0 + 30) / 3, (-50 + 200 - 300) / 3, petit sec
    mean = -100 / 9
    sd = math.sqrt(((250 / 9) ** 2 + (350 / 9) ** 2 + (100 / 9) ** 2) / 2)
    assert sd == pytest.approx(statistics.stdev(gains))
    half = 1.96 * sd / math.sqrt(3)
    assert s["deals"] == 3
    assert s["mean_diff"] == pytest.approx(mean)
    assert s["ci95"] == pytest.approx([mean - half, mean + half])
    assert s["sd"] == pytest.approx(34.6944, abs=1e-4)
    assert s["ci95"] == pytest.approx([-50.3716, 28.1493], abs=1e-4)
    assert s["petit_sec"] == 1
    assert (s["players"], s["think_ms"], s["seed"]) == (3, 9, 5)

    c = s["candidate"]
    assert c["level"] == "expert"
    # Six seat-runs outside the petit sec; it took four times (in set 1 run 1 a baseline took).
    assert (c["seat_deals"], c["taken"], c["made"]) == (6, 4, 2)
    assert c["taker_rate"] == pytest.approx(4 / 6)
    assert c["success_rate"] == pytest.approx(2 / 4)
    assert c["contracts"] == {"prise": 1, "garde": 1, "garde_sans": 1, "garde_contre": 1}
    assert (c["passed"], c["passed_rate"]) == (1, pytest.approx(1 / 6))

    b = s["baseline"]
    assert b["level"] == "heuristic"
    assert (b["seat_deals"], b["taken"], b["made"]) == (6, 1, 1)
    assert b["taker_rate"] == pytest.approx(1 / 6)
    assert b["success_rate"] == 1.0
    assert b["contracts"] == {"prise": 0, "garde": 1, "garde_sans": 0, "garde_contre": 0}
    assert (b["passed"], b["passed_rate"]) == (1, 0.5)

    # Nearest rank p95: of 3 values the 3rd (ceil(2.85) = 3), of 4 the 4th.
    assert s["decision_ms"] == {
        "expert": {"mean": 20.0, "p95": 30.0, "count": 3},
        "heuristic": {"mean": 2.5, "p95": 4.0, "count": 4},
    }
    text = arena.format_summary(s)
    assert "-11.11 points per deal" in text and "-50.37 to +28.15" in text
    assert ", seed 5, expert budget 9 ms\n" in text


@pytest.mark.parametrize(
    ("candidate", "baseline"), [("random", "heuristic"), ("expert:8", "random")]
)
def test_the_summary_names_no_expert_budget_when_no_plain_expert_plays(
    candidate: str, baseline: str
) -> None:
    """Only the plain expert thinks for a time: expert:N plays a number of samples."""
    config = ArenaConfig(players=3, candidate=candidate, baseline=baseline, think_ms=9, seed=5)
    text = arena.format_summary(summarize(config, HAND_MADE))
    assert text.startswith(
        f"Arena at 3 players: candidate {candidate} against baseline {baseline}, 3 deal sets,"
        " seed 5\n"
    )
    assert "budget" not in text


def test_the_gain_of_a_set_is_the_seat_by_seat_difference() -> None:
    assert HAND_MADE[0].gain() == pytest.approx(50 / 3)
    assert HAND_MADE[1].gain() == -50
    assert HAND_MADE[2].gain() == 0


def test_p95_and_interval_edge_cases() -> None:
    assert stats.p95([float(x) for x in range(1, 21)]) == 19.0
    assert stats.p95([float(x) for x in range(100, 0, -1)]) == 95.0
    assert stats.p95([7.0]) == 7.0
    assert stats.p95([]) is None
    assert stats.mean_ci95([]) == (None, None, None)
    assert stats.mean_ci95([4.0]) == (4.0, [4.0, 4.0], None)
    mean, ci, sd = stats.mean_ci95([1.0, 3.0])
    assert mean == 2.0
    assert sd == pytest.approx(math.sqrt(2))
    assert ci == pytest.approx([2 - 1.96, 2 + 1.96])
    empty = summarize(HAND_CONFIG, [])
    assert (empty["deals"], empty["mean_diff"], empty["ci95"]) == (0, None, None)
    assert empty["candidate"]["taker_rate"] is None and empty["decision_ms"] == {}


def test_set_results_survive_their_json_line() -> None:
    for s in HAND_MADE:
        assert SetResult.from_json(json.loads(json.dumps(s.to_json())), 3) == s
    with pytest.raises(ValueError, match="4 runs"):
        SetResult.from_json({"set": 0, "runs": [], "decision_ms": {}}, 3)


# ----- real arenas ---------------------------------------------------------------------------


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def runs_by_set(path: Path) -> dict[int, Any]:
    """What a results file says about the games, without the decision times."""
    return {line["set"]: line["runs"] for line in lines(path)[1:]}


def without_times(summary: dict[str, Any]) -> dict[str, Any]:
    return {
        **summary,
        "decision_ms": {k: v["count"] for k, v in summary["decision_ms"].items()},
    }


def test_candidate_identical_to_baseline_gains_exactly_nothing(tmp_path: Path) -> None:
    s = run_arena(RANDOM, 6, results=tmp_path / "r.jsonl")
    assert s["deals"] == 6
    assert s["mean_diff"] == 0 and s["ci95"] == [0, 0]
    c, b = s["candidate"], s["baseline"]
    assert c["passed"] == 4 * b["passed"]  # four candidate deals per all-baseline deal
    assert {k: v for k, v in c.items() if k != "passed"} == {
        k: v for k, v in b.items() if k != "passed"
    }
    for runs in runs_by_set(tmp_path / "r.jsonl").values():
        # The same seeds seat by seat: every candidate run replays the all-baseline run.
        assert all(run == runs[0] for run in runs)
    assert s["decision_ms"]["random"]["count"] > 6 * 5 * 20


def test_deterministic_under_the_seed_whatever_the_jobs(tmp_path: Path) -> None:
    one, two, other = tmp_path / "1.jsonl", tmp_path / "2.jsonl", tmp_path / "o.jsonl"
    s1 = run_arena(RANDOM, 5, jobs=1, results=one)
    s2 = run_arena(RANDOM, 5, jobs=2, results=two)
    assert without_times(s1) == without_times(s2)
    assert runs_by_set(one) == runs_by_set(two)
    assert sorted(runs_by_set(one)) == [0, 1, 2, 3, 4]
    run_arena(ArenaConfig(4, "random", "random", 50, seed=4), 5, results=other)
    assert runs_by_set(other) != runs_by_set(one)


class Cheat:
    """Bids for the seat after its own."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: DealView) -> Action:
        assert view.seat is not None
        return Bid((view.seat + 1) % view.players, Contract.PASS)


class Passer:
    """Never takes; otherwise its first legal action (a known, different candidate)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: DealView) -> Action:
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if bids:
            return Bid(bids[0].seat, Contract.PASS)
        return view.legal[0]


def fake_make_bot(level: str, *, seed: int, think_ms: int = 1000) -> Any:
    return {"random": RandomBot, "cheat": Cheat, "passer": Passer}[level](seed)


def test_a_candidate_that_never_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "make_bot", fake_make_bot)
    config = ArenaConfig(4, "passer", "random", 50, seed=1)
    sets = [arena.play_set(config, i) for i in range(8)]
    s = summarize(config, sets)
    assert s["candidate"]["taken"] == 0 and s["candidate"]["success_rate"] is None
    assert sum(s["candidate"]["contracts"].values()) == 0
    assert s["baseline"]["taken"] > 0
    assert s["mean_diff"] == pytest.approx(statistics.mean(x.gain() for x in sets))
    assert s["mean_diff"] != 0
    assert set(s["decision_ms"]) == {"passer", "random"}
    for x in sets:
        for seat in range(4):
            assert x.runs[1 + seat].taker != seat


def test_an_illegal_action_names_the_bot_seat_and_action(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "make_bot", fake_make_bot)
    config = ArenaConfig(4, "cheat", "random", 50, seed=1)
    with pytest.raises(ArenaError) as e:
        arena.play_set(config, 0)
    message = str(e.value)
    # Set 0: dealer 0, so seat 1 speaks first; seat 1 is random in the all-baseline run, and
    # the cheat first acts in seat 0 of run 1 (after seats 1 to 3 spoke).
    assert "cheat bot in seat 0" in message
    assert "seat 1 bids pass" in message and "illegal action" in message


def test_an_unknown_level_is_refused_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match="'nobody' is not available"):
        run_arena(ArenaConfig(4, "nobody", "random", 50, 1), 2, results=tmp_path / "r.jsonl")
    assert not (tmp_path / "r.jsonl").exists()


def test_resume_gives_the_summary_of_an_uninterrupted_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    uninterrupted = run_arena(RANDOM, 6, results=full)
    run_arena(RANDOM, 3, results=part)
    with part.open("a") as f:  # a set cut short by a crash, to be dropped
        f.write('{"set":3,"runs":[{"scores":[1')
    played: list[int] = []
    real = arena.play_set

    def spy(config: ArenaConfig, index: int) -> SetResult:
        played.append(index)
        return real(config, index)

    monkeypatch.setattr(arena, "play_set", spy)
    messages: list[str] = []
    resumed = run_arena(RANDOM, 6, results=part, progress=messages.append)
    assert played == [3, 4, 5]
    assert "3 deal sets already in" in messages[0]
    assert without_times(resumed) == without_times(uninterrupted)
    assert runs_by_set(part) == runs_by_set(full)
    assert len(lines(part)) == 7
    assert run_arena(RANDOM, 6, results=part) == resumed  # nothing left to play
    assert played == [3, 4, 5]


def test_a_results_file_of_another_arena_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_arena(RANDOM, 2, results=path)
    before = path.read_text()
    other = ArenaConfig(4, "random", "random", 50, seed=99)
    with pytest.raises(ArenaError, match=r"another arena \(seed 3 there, 99 here\)"):
        run_arena(other, 2, results=path)
    assert path.read_text() == before
    alien = tmp_path / "alien.jsonl"
    alien.write_text('{"hello": 1}\n')
    with pytest.raises(ArenaError, match="not an arena results file"):
        run_arena(RANDOM, 2, results=alien)


# ----- command line --------------------------------------------------------------------------


def test_cli_json(tmp_path: Path) -> None:
    args = ["arena", "--candidate", "random", "--baseline", "random", "--deals", "3"]
    args += ["--seed", "7"]
    done = tarot(*args, "--players", "5", "--jobs", "2", "--json", "--results", str(tmp_path / "r"))
    assert done.returncode == 0, done.stderr
    s = json.loads(done.stdout)
    assert s["deals"] == 3 and s["players"] == 5 and s["seed"] == 7
    assert s["mean_diff"] == 0 and s["ci95"] == [0, 0]
    assert set(s["decision_ms"]["random"]) == {"mean", "p95", "count"}
    for role in ("candidate", "baseline"):
        assert s[role]["level"] == "random"
        assert set(s[role]["contracts"]) == {"prise", "garde", "garde_sans", "garde_contre"}
    assert "arena: 3/3 sets" in done.stderr

    text = tarot(*args, "--players", "3", "--jobs", "1")
    assert text.returncode == 0, text.stderr
    assert "Candidate minus baseline: +0.00 points per deal" in text.stdout

    refused = tarot(*args, "--players", "5", "--seed", "8", "--results", str(tmp_path / "r"))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "seed 7 there, 8 here" in refused.stderr
