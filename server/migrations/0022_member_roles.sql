-- What a member may do past being one: moderate reports (moderator), and name moderators (admin).
-- The first admin is made from the command line (npm run admin -- promote USERNAME, server/adminMain.ts).
ALTER TABLE members ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin'));
CREATE INDEX members_staff ON members (role) WHERE role <> 'member';
