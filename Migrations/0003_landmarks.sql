-- Landmarks: well-known places (palaces, markets, stations, airports, ...) stored as
-- locations of kind 'landmark'. A landmark holds no listings; a search of it covers the
-- listings within its search_radius_km, and its listing_count counts those.
--
-- The kind CHECK gains 'landmark'. SQLite cannot ALTER a CHECK constraint; rebuilding the
-- table would, with foreign keys on, cascade-delete location_ancestors. Loosening a CHECK
-- changes nothing stored, which is the case SQLite documents for editing the schema text
-- in place (https://sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
-- Changes"): writable_schema, then RESET so this connection reloads it. The ALTER TABLEs
-- below bump the schema cookie, so every other connection reloads it too.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (kind IN (''city'', ''district'', ''neighbourhood''))',
                          'CHECK (kind IN (''city'', ''district'', ''neighbourhood'', ''landmark''))')
 WHERE type = 'table' AND name = 'locations';
PRAGMA writable_schema = RESET;

-- Other names autocomplete finds a location by, as a JSON array of strings (인천공항).
ALTER TABLE locations ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';
-- A landmark's search radius in km; NULL for cities, districts and neighbourhoods.
ALTER TABLE locations ADD COLUMN search_radius_km REAL;
-- The box around the place's own area when an import knows it (a neighbourhood's polygon
-- from neighbourhoods.geojson); all four NULL otherwise.
ALTER TABLE locations ADD COLUMN area_south REAL;
ALTER TABLE locations ADD COLUMN area_west REAL;
ALTER TABLE locations ADD COLUMN area_north REAL;
ALTER TABLE locations ADD COLUMN area_east REAL;
