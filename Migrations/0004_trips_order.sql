-- Stays schema, version 4: the index the trips list walks (docs/performance.md, "trips").
-- A shipped migration is never edited: add a new file instead.
--
-- A page of GET /reservations is two walks of this index, each stopped by its LIMIT
-- (Persistence/TripWalk.swift): upcoming = confirmed by (checkin, id) ascending, past =
-- cancelled merged with confirmed by (checkin, id) descending. status before checkin
-- keeps each walk inside one status; checkout rides along so the rows a walk passes over
-- (trips that ended, or are current, near today) are rejected from the index alone.
-- id is the rowid: naming it makes (checkin, id) the index's order.
CREATE INDEX reservations_trips ON reservations(guest_id, status, checkin, id, checkout);

-- The old (guest_id, checkin, id) index served only the trips query, which no longer uses
-- it; this one answers any lookup by guest as well. One index fewer to write per booking.
DROP INDEX reservations_guest;
