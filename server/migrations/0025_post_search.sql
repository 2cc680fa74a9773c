-- Post search (the `post-search` extension): every word of a search is looked up as a part of the
-- post's text in its search form, kept beside the text (search_text), by trigrams, so part of a word
-- finds it too. pg_trgm is a trusted extension: the database's owner may make it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A text as post search compares it: its accents taken off and its letters in lower case, as
-- contract/search.ts `searchForm` does for the stand-in. It lives here, not in server/sql/functions,
-- because the column below holds its answers: a new body comes in a migration that writes the column
-- again.
CREATE OR REPLACE FUNCTION post_search_text(p_text text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(normalize(p_text, NFKD), '[\u0300-\u036f]', '', 'g'));
$$;

-- Kept, not worked out on each read: a search that walks the newest posts compares each with a plain
-- LIKE, about a tenth of the time taking the accents off takes.
ALTER TABLE posts ADD COLUMN search_text text GENERATED ALWAYS AS (post_search_text(content)) STORED;
CREATE INDEX posts_search ON posts USING gin (search_text gin_trgm_ops);
