-- Posts a member pins to their profile (the `pins` extension): at most three, which the rules count
-- under the member's row lock. A pin goes with its post (ON DELETE CASCADE); `seq` keeps the order
-- they were pinned in.
CREATE TABLE pins (
  member_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  post_id    text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  seq        bigserial NOT NULL,
  PRIMARY KEY (member_id, post_id)
);
CREATE INDEX pins_by_post ON pins (post_id);
