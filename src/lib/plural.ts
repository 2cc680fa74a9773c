/** A count with its noun in the right number: '1 Follower', '2 Followers', '0 people'. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${count === 1 ? one : other}`;
}
