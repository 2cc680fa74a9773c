import type { Catalogue } from './en';

/** Polish: one, few, many and other (fractions), as CLDR counts them. */
export const pl: Catalogue = {
  'profile.followers': '{count, plural, one {# obserwujący} few {# obserwujących} many {# obserwujących} other {# obserwującego}}',
  'profile.following': '{count, plural, one {# obserwowany} few {# obserwowanych} many {# obserwowanych} other {# obserwowanego}}',
  'post.likes': '{count, plural, one {# polubienie} few {# polubienia} many {# polubień} other {# polubienia}}',
  'post.likesOpen': '{count, plural, one {# polubienie} few {# polubienia} many {# polubień} other {# polubienia}}: kto lubi ten wpis',
  'replies.count': '{count, plural, one {# odpowiedź} few {# odpowiedzi} many {# odpowiedzi} other {# odpowiedzi}}',
  'feed.newPosts': '{count, plural, one {# nowy wpis} few {# nowe wpisy} many {# nowych wpisów} other {# nowego wpisu}}',
  'people.shownOf': '{shown, number} z {count, plural, one {# osoby} few {# osób} many {# osób} other {# osoby}}',
  'people.found': '{count, plural, one {Znaleziono # osobę} few {Znaleziono # osoby} many {Znaleziono # osób} other {Znaleziono # osoby}}',
  'characters.left': '{count, plural, one {Pozostał # znak} few {Pozostały # znaki} many {Pozostało # znaków} other {Pozostało # znaku}}',
  'characters.over': '{count, plural, one {# znak ponad limit} few {# znaki ponad limit} many {# znaków ponad limit} other {# znaku ponad limit}}',
  'profile.bio': '{length, number} z {max, number} znaków.',
  'profile.bioOver': '{length, number} z {max, number} znaków: {over, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}} ponad limit. Skróć tekst, aby zapisać; nic nie zostało ucięte.',
  'page.home': "Strona główna",
  'page.explore': "Odkrywaj",
  'page.bookmarks': "Zakładki",
  'feed.loading': "Wczytywanie wpisów…",
  'home.empty': "Napiszmy kilka wpisów…!",
  'explore.empty': "Brak wpisów do odkrycia",
  'bookmarks.loading': "Wczytywanie zakładek…",
  'bookmarks.empty': "Nie masz jeszcze zakładek",
  'profile.edit': "Edytuj profil",
  'profile.connections': "Powiązania",
};
