-- A leaderboard over a period (a week, a month), as SQLite's migration 14: it adds up the
-- deals finished in it, an index range on their end time, not a scan of every deal.

CREATE INDEX deals_by_finished_at ON deals (finished_at);
