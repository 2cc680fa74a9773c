/**
 * A member's @username. Usernames are Latin letters, digits and underscores, so it is always set left
 * to right and apart from the text around it: on a right-to-left page the @ stays in front of the
 * name instead of moving to its other end.
 */
export function Handle({ username, className }: { username: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      @{username}
    </bdi>
  );
}
