-- A routed click the owner has answered is marked so: the receiver answers one left
-- 'taken' but never answered (its owner stopped between claiming and answering).
ALTER TABLE routed_clicks DROP CONSTRAINT routed_clicks_state_check;
ALTER TABLE routed_clicks ADD CONSTRAINT routed_clicks_state_check
    CHECK (state IN ('pending', 'taken', 'answered', 'refused'));
