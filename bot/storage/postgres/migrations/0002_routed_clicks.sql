-- Clicks routed from the process that received them (DMs arrive on shard 0) to the one
-- that owns their table: the owner claims a pending click, or the receiver refuses it,
-- never both (one UPDATE each, from 'pending' only).
CREATE TABLE routed_clicks (
    id BIGINT PRIMARY KEY,
    shard INTEGER NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'taken', 'refused')),
    at DOUBLE PRECISION NOT NULL
);
