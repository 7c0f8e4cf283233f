-- A DM refused (50007, 50278) is kept per game, on the seat, and no longer for ever on
-- the player: one server's privacy setting, or Discord holding back a bot opening many
-- DMs, must not cost a player their DMs in every game everywhere. The marks made for
-- ever so far are dropped: each player's next DM tries again.
ALTER TABLE seats ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players DROP COLUMN dm_closed;
