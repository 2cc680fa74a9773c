// Written by `npm run i18n:compile` from src/i18n/catalogues/de.ts: edit the catalogue, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  "profile.followers": [["count","plural",{"one":["#"," Follower"],"other":["#"," Follower"]}]],
  "profile.following": [["count","plural",{"other":["#"," Gefolgt"]}]],
  "post.likes": [["count","plural",{"one":["#"," Gefällt-mir-Angabe"],"other":["#"," Gefällt-mir-Angaben"]}]],
  "post.likesOpen": [["count","plural",{"one":["#"," Gefällt-mir-Angabe"],"other":["#"," Gefällt-mir-Angaben"]}],": wem dieser Beitrag gefällt"],
  "replies.count": [["count","plural",{"one":["#"," Antwort"],"other":["#"," Antworten"]}]],
  "feed.newPosts": [["count","plural",{"one":["#"," neuer Beitrag"],"other":["#"," neue Beiträge"]}]],
  "people.shownOf": [["shown","number"]," von ",["count","plural",{"one":["#"," Person"],"other":["#"," Personen"]}]],
  "people.found": [["count","plural",{"one":["#"," Person gefunden"],"other":["#"," Personen gefunden"]}]],
  "characters.left": [["count","plural",{"one":["Noch ","#"," Zeichen"],"other":["Noch ","#"," Zeichen"]}]],
  "characters.over": [["count","plural",{"one":["#"," Zeichen über der Grenze"],"other":["#"," Zeichen über der Grenze"]}]],
  "profile.bio": [["length","number"]," von ",["max","number"]," Zeichen."],
  "profile.bioOver": [["length","number"]," von ",["max","number"]," Zeichen: ",["over","plural",{"one":["#"," Zeichen"],"other":["#"," Zeichen"]}]," über der Grenze. Kürze den Text, um zu speichern; nichts wurde abgeschnitten."],
  "page.home": ["Startseite"],
  "page.explore": ["Entdecken"],
  "page.bookmarks": ["Lesezeichen"],
  "feed.loading": ["Beiträge werden geladen…"],
  "home.empty": ["Lass uns ein paar Beiträge schreiben…!"],
  "explore.empty": ["Keine Beiträge zum Entdecken"],
  "bookmarks.loading": ["Lesezeichen werden geladen…"],
  "bookmarks.empty": ["Noch keine Lesezeichen"],
  "profile.edit": ["Profil bearbeiten"],
  "profile.connections": ["Verbindungen"],
};
