/**
 * The default seed's post texts and photo descriptions that the app's tests find cards by
 * (contract/seed/default.ts). Literals, so a test reads a name and this file shows the words;
 * the demo member is Ava, who follows Liam and Maya.
 */

/** Post 1, Liam, the oldest post, 3 likes. */
export const FIRST_LIGHT = 'First light over the ridge this morning. Worth every minute of the 4 a.m. alarm.';
/** Post 2, Maya, on the demo member's Home, its photo described (LAKE_ALT). */
export const LAKE = 'The lake went completely still just before dusk. No filter needed.';
/** Post 3, Noah, no photo, edited after it was posted. */
export const SETTINGS = 'Shipped the new settings page today. Small change, many edge cases.';
/** Post 4, Zoe, whom the demo member does not follow. */
export const DUNES = 'Sketching dunes from memory. The wind does the real drawing.';
/** Post 5, the demo member's own forest walk, its photo described (FOREST_ALT). */
export const FOREST = 'Hello SocialConnect! Starting the week with a walk and a plan.';
/** Post 7, Maya, 4 likes. */
export const SUNSET = 'Sunset swim, then chips on the harbour wall. Perfect day.';
/** Post 8, Noah, no likes, a photo with no description. */
export const BIKE = 'Fifty kilometres on the new bike path. My legs have opinions.';
/** Post 10, Liam. */
export const GOLDEN = 'Golden hour on the hills. I could watch this light all day.';
/** Post 11, the demo member's own. */
export const COFFEE = 'Two cups, one long conversation. Best kind of Saturday.';
/** Post 12, Maya, 4 likes, bookmarked by the demo member: first when trending. */
export const LIGHTS = 'Saw the northern lights for the first time. I actually cried.';
/** Post 20, Maya, the newest post. */
export const NEWEST = 'Pressed flowers from the market, turned into a colour study.';

/** Post 2's photo description. */
export const LAKE_ALT = 'A perfectly still lake at dusk, the pink sky and dark pines mirrored in the water.';
/** Post 5's photo description. */
export const FOREST_ALT = 'A path through a pine forest, morning sun slanting through the mist between the trunks.';
