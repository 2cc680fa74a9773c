-- Counts again how many members and posts name each stored image, and deletes the images that none
-- names any more: after the migration that began the count, and after a whole network is loaded at
-- once. Day to day each write keeps the count itself (server/store/media.ts).
CREATE OR REPLACE FUNCTION media_recount()
RETURNS void LANGUAGE sql AS $$
  UPDATE media SET refs = 0 WHERE refs <> 0;
  UPDATE media SET refs = named.n
  FROM (
    SELECT substring(image FROM 8 FOR 64) AS sha256, count(*)::integer AS n
    FROM (SELECT image FROM members UNION ALL SELECT image FROM posts) AS images
    WHERE image LIKE '/media/%'
    GROUP BY 1
  ) AS named
  WHERE media.sha256 = named.sha256;
  DELETE FROM media WHERE refs = 0;
$$;
