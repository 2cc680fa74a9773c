import { ar } from './ar';
import { de } from './de';
import { en, type Catalogue } from './en';
import { pl } from './pl';

/** Every written catalogue, by locale; the pseudo-locale is made from English (../compile.ts). */
export const CATALOGUES: Record<'en' | 'de' | 'pl' | 'ar', Catalogue> = { en, de, pl, ar };
