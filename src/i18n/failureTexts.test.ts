import { LIMITS } from '../../contract/limits';
import { ERROR_CODES, imagePixelsText, MESSAGES, postImagesText, type MessageKey } from '../../contract/messages';
import { classifyFailure, withRetryAfter } from '../lib/apiError';
import { activateLanguage } from './i18n';
import { failedActText, failureReason, refusalText } from './failureTexts';

/** A refusal as RTK Query hands it over: the backend's words and code. */
function refusal(status: number, key: MessageKey) {
  return { status, data: { errors: [MESSAGES[key]], code: ERROR_CODES[key] } };
}

describe('refusals worded by their code', () => {
  it('says every refusal of the contract in English exactly as the backends word it', () => {
    for (const key of Object.keys(MESSAGES) as MessageKey[]) {
      expect(refusalText(ERROR_CODES[key], 'the backend\'s words')).toBe(MESSAGES[key]);
    }
  });

  it('keeps the backend\'s words for a code it does not know, and for a refusal with no code', () => {
    expect(refusalText('quota_exceeded', 'Your quota is used up.')).toBe('Your quota is used up.');
    expect(refusalText(undefined, 'A reason of its own.')).toBe('A reason of its own.');
  });

  it('names the pixel limit the backend set, in the language spoken', async () => {
    await activateLanguage('de');
    expect(refusalText(ERROR_CODES.imageTooManyPixels, imagePixelsText(24_000_000))).toBe('Bilder dürfen höchstens 24.000.000 Pixel haben.');
    expect(refusalText(ERROR_CODES.imageTooManyPixels, imagePixelsText(4096 * 4096))).toBe('Bilder dürfen höchstens 16.777.216 Pixel haben (4096 x 4096).');
  });

  it('names how many images a post may have, as the backend set it, in the language spoken', async () => {
    expect(refusalText(ERROR_CODES.tooManyImages, MESSAGES.tooManyImages)).toBe('A post can have at most 4 images.');
    expect(postImagesText(LIMITS.postImagesMax)).toBe(MESSAGES.tooManyImages);
    await activateLanguage('de');
    expect(refusalText(ERROR_CODES.tooManyImages, postImagesText(6))).toBe('Ein Beitrag kann höchstens 6 Bilder haben.');
    expect(refusalText(ERROR_CODES.tooManyImages, postImagesText(1))).toBe('Ein Beitrag kann höchstens 1 Bild haben.');
  });

  it('words the limits a refusal names as the language writes numbers', async () => {
    await activateLanguage('pl');
    expect(refusalText(ERROR_CODES.imageAltTooLong, MESSAGES.imageAltTooLong)).toBe('Opis obrazu może mieć najwyżej 1500 znaków.');
    await activateLanguage('de');
    expect(refusalText(ERROR_CODES.imageAltTooLong, MESSAGES.imageAltTooLong)).toBe('Eine Bildbeschreibung darf höchstens 1.500 Zeichen lang sein.');
  });

  it.each([
    ['en', [[3, 'in a moment'], [1 * 60, 'in 1 minute'], [45, 'in 45 seconds'], [2 * 3600, 'in 2 hours']]],
  ] as const)('says how long a 429 asks to wait (%s)', (_language, waits) => {
    for (const [seconds, words] of waits) {
      const told = withRetryAfter(refusal(429, 'tooManyRequests'), new Headers({ 'retry-after': String(seconds) }));
      expect(failureReason(classifyFailure(told, true))).toBe(`Too many requests. Try again ${words}.`);
    }
  });

  it.each([
    ['pl', [[1, 'za 1 minutę'], [2, 'za 2 minuty'], [5, 'za 5 minut'], [22, 'za 22 minuty']]],
    ['ar', [[1, 'بعد دقيقة واحدة'], [2, 'بعد دقيقتين'], [5, 'بعد 5 دقائق'], [22, 'بعد 22 دقيقة']]],
    ['de', [[1, 'in 1 Minute'], [2, 'in 2 Minuten'], [22, 'in 22 Minuten']]],
  ] as const)('counts a 429\'s wait in minutes as %s counts: 1, 2, 5, 22', async (language, waits) => {
    await activateLanguage(language);
    for (const [minutes, words] of waits) {
      expect(refusalText(ERROR_CODES.tooManyRequests, MESSAGES.tooManyRequests, minutes * 60)).toContain(words);
    }
  });

  it('says what did not happen, then why, in the language spoken', async () => {
    await activateLanguage('ar');
    const failure = classifyFailure(refusal(503, 'serviceUnavailable'), true);
    expect(failedActText({ ...failure, endpoint: 'addBookmark' })).toBe('لم يُحفظ المنشور. الخدمة غير متاحة الآن. يُرجى المحاولة بعد لحظة.');
    expect(failedActText({ ...classifyFailure({ status: 'FETCH_ERROR' }, true), endpoint: 'somethingNew' })).toBe('لم يتم ذلك. تعذّر الوصول إلى SocialConnect. تحقّق من اتصالك وحاول مرة أخرى.');
  });
});
