-- Lists the files of deleted images for deletion after the commit (0021_media_files.sql): those
-- whose bytes were in a file (NULL here), named as their URLs are.
CREATE OR REPLACE FUNCTION media_files_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_gone (name)
  SELECT sha256 || '.' || CASE kind WHEN 'jpeg' THEN 'jpg' ELSE kind END FROM gone_media WHERE bytes IS NULL;
  RETURN NULL;
END
$$;
