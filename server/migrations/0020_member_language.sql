-- The language a member chose for the app (the `member-language` extension): a BCP 47 tag, or empty
-- for none, so that it follows the member from device to device.
ALTER TABLE members ADD COLUMN language text NOT NULL DEFAULT '';
