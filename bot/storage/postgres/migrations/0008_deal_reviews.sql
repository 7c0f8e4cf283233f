-- The coach's reviews (issue 27), as SQLite's migration 16: one seat's review of one
-- recorded deal, kept as the coach's JSON so that a second request costs nothing; the
-- coach's version is part of the key, so a review made by an older coach is made again.

CREATE TABLE deal_reviews (
    game_id BIGINT NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, number, seat, version)
);
