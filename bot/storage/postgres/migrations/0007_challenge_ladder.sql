-- The monthly ladder of daily challenges (issue 25), as SQLite's migration 15: each
-- member's matchpoints of each closed daily challenge, one row per ladder, day and member
-- (guild 0: the instance's ladder), written once when the challenge is closed.

CREATE TABLE challenge_ladder (
    scope TEXT NOT NULL CHECK (scope IN ('guild', 'instance')),
    guild_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    day TEXT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    matchpoints DOUBLE PRECISION NOT NULL,
    challenge_id BIGINT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    PRIMARY KEY (scope, guild_id, day, player_id)
);
CREATE INDEX challenge_ladder_by_month ON challenge_ladder (scope, guild_id, month);
