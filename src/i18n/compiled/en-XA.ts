// Written by `npm run i18n:compile` from src/i18n/catalogues/en.ts, made pseudo: edit the catalogue, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  "profile.followers": ["[",["count","plural",{"one":["#"," Ƒöļļöŵéŕ","····"],"other":["#"," Ƒöļļöŵéŕš","····"]}],"]"],
  "profile.following": ["[",["count","plural",{"other":["#"," Ƒöļļöŵîñĝ","····"]}],"]"],
  "post.likes": ["[",["count","plural",{"one":["#"," ļîķé","··"],"other":["#"," ļîķéš","···"]}],"]"],
  "post.likesOpen": ["[",["count","plural",{"one":["#"," ļîķé","··"],"other":["#"," ļîķéš","···"]}],": ŵĥö ļîķéš ţĥîš þöšţ","·········","]"],
  "replies.count": ["[",["count","plural",{"one":["#"," ŕéþļý","···"],"other":["#"," ŕéþļîéš","····"]}],"]"],
  "feed.newPosts": ["[",["count","plural",{"one":["#"," ñéŵ þöšţ","····"],"other":["#"," ñéŵ þöšţš","····"]}],"]"],
  "people.shownOf": ["[",["shown","number"]," öƒ ",["count","plural",{"one":["#"," þéŕšöñ","···"],"other":["#"," þéöþļé","···"]}],"··","]"],
  "people.found": ["[",["count","plural",{"one":["#"," þéŕšöñ ƒöûñđ","······"],"other":["#"," þéöþļé ƒöûñđ","······"]}],"]"],
  "characters.left": ["[",["count","plural",{"one":["#"," çĥàŕàçţéŕ ļéƒţ","······"],"other":["#"," çĥàŕàçţéŕš ļéƒţ","·······"]}],"]"],
  "characters.over": ["[",["count","plural",{"one":["#"," çĥàŕàçţéŕ öṽéŕ ţĥé ļîɱîţ","··········"],"other":["#"," çĥàŕàçţéŕš öṽéŕ ţĥé ļîɱîţ","···········"]}],"]"],
  "profile.bio": ["[",["length","number"]," öƒ ",["max","number"]," çĥàŕàçţéŕš.","·······","]"],
  "profile.bioOver": ["[",["length","number"]," öƒ ",["max","number"]," çĥàŕàçţéŕš: ",["over","plural",{"one":["#"," çĥàŕàçţéŕ","····"],"other":["#"," çĥàŕàçţéŕš","·····"]}]," öṽéŕ ţĥé ļîɱîţ. Šĥöŕţéñ îţ ţö šàṽé; ñöţĥîñĝ ŵàš çûţ.","····························","]"],
  "page.home": ["[","Ĥöɱé","··","]"],
  "page.explore": ["[","Éẋþļöŕé","···","]"],
  "page.bookmarks": ["[","Ɓööķɱàŕķš","····","]"],
  "feed.loading": ["[","Ļöàđîñĝ þöšţš…","······","]"],
  "home.empty": ["[","Ļéţ'š Çŕéàţé Šöɱé Þöšţš...!","···········","]"],
  "explore.empty": ["[","Ñö Þöšţ ţö Éẋþļöŕé","········","]"],
  "bookmarks.loading": ["[","Ļöàđîñĝ ƀööķɱàŕķš…","········","]"],
  "bookmarks.empty": ["[","Ñö Ɓööķɱàŕķš Ýéţ","·······","]"],
  "profile.edit": ["[","Éđîţ Þŕöƒîļé","·····","]"],
  "profile.connections": ["[","Çöññéçţîöñš","·····","]"],
};
