import type { Catalogue } from './en';

/** Arabic, written right to left: zero, one, two, few, many and other, as CLDR counts them. */
export const ar: Catalogue = {
  'profile.followers': '{count, plural, zero {لا متابعين} one {متابع واحد} two {متابعان} few {# متابعين} many {# متابعًا} other {# متابع}}',
  'profile.following': '{count, plural, zero {لا يتابع أحدًا} one {يتابع واحدًا} two {يتابع اثنين} few {يتابع #} many {يتابع #} other {يتابع #}}',
  'post.likes': '{count, plural, zero {لا إعجابات} one {إعجاب واحد} two {إعجابان} few {# إعجابات} many {# إعجابًا} other {# إعجاب}}',
  'post.likesOpen': '{count, plural, zero {لا إعجابات} one {إعجاب واحد} two {إعجابان} few {# إعجابات} many {# إعجابًا} other {# إعجاب}}: من أعجبه هذا المنشور',
  'replies.count': '{count, plural, zero {لا ردود} one {رد واحد} two {ردّان} few {# ردود} many {# ردًا} other {# رد}}',
  'feed.newPosts': '{count, plural, zero {لا منشورات جديدة} one {منشور جديد واحد} two {منشوران جديدان} few {# منشورات جديدة} many {# منشورًا جديدًا} other {# منشور جديد}}',
  'people.shownOf': '{shown, number} من {count, plural, zero {لا أحد} one {شخص واحد} two {شخصين} few {# أشخاص} many {# شخصًا} other {# شخص}}',
  'people.found': '{count, plural, zero {لم يُعثر على أحد} one {عُثر على شخص واحد} two {عُثر على شخصين} few {عُثر على # أشخاص} many {عُثر على # شخصًا} other {عُثر على # شخص}}',
  'characters.left': '{count, plural, zero {لم يبق أي حرف} one {بقي حرف واحد} two {بقي حرفان} few {بقيت # أحرف} many {بقي # حرفًا} other {بقي # حرف}}',
  'characters.over': '{count, plural, zero {لا حروف فوق الحد} one {حرف واحد فوق الحد} two {حرفان فوق الحد} few {# أحرف فوق الحد} many {# حرفًا فوق الحد} other {# حرف فوق الحد}}',
  'profile.bio': '{length, number} من {max, number} حرف.',
  'profile.bioOver': '{length, number} من {max, number} حرف: {over, plural, zero {لا حروف} one {حرف واحد} two {حرفان} few {# أحرف} many {# حرفًا} other {# حرف}} فوق الحد. اختصره لتحفظه؛ لم يُقطع شيء.',
  'page.home': "الرئيسية",
  'page.explore': "استكشاف",
  'page.bookmarks': "الإشارات المرجعية",
  'feed.loading': "جارٍ تحميل المنشورات…",
  'home.empty': "لننشئ بعض المنشورات…!",
  'explore.empty': "لا منشورات لاستكشافها",
  'bookmarks.loading': "جارٍ تحميل الإشارات المرجعية…",
  'bookmarks.empty': "لا إشارات مرجعية بعد",
  'profile.edit': "تعديل الملف الشخصي",
  'profile.connections': "الصلات",
};
