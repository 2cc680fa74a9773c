-- The network's rules (the `moderation` extension), shown at signup: one row holding the whole list,
-- in the admin's order, as a JSON array of {"id", "title", "description"}. An admin replaces the
-- list at once, so one row written by one statement keeps two saves from mixing.
CREATE TABLE network_rules (
  singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rules      jsonb NOT NULL DEFAULT '[]'
);
