import type { BookLanguage } from '@bookwright/contracts/http';
import { cs } from './cs';
import { da } from './da';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { et } from './et';
import { fi } from './fi';
import { fr } from './fr';
import { hr } from './hr';
import { hu } from './hu';
import { it } from './it';
import { lt } from './lt';
import { lv } from './lv';
import { nl } from './nl';
import { no } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { ro } from './ro';
import { sk } from './sk';
import { sl } from './sl';
import { sq } from './sq';
import { sv } from './sv';
import { tr } from './tr';
import type { LanguageBank } from './types';

export type { LanguageBank } from './types';

/** One bank per book language; a Record so a language added to the contracts fails the type check here. */
const banks: Record<BookLanguage, LanguageBank> = {
  albanian: sq,
  croatian: hr,
  czech: cs,
  danish: da,
  dutch: nl,
  english: en,
  estonian: et,
  finnish: fi,
  french: fr,
  german: de,
  hungarian: hu,
  italian: it,
  latvian: lv,
  lithuanian: lt,
  norwegian: no,
  polish: pl,
  portuguese: pt,
  romanian: ro,
  slovak: sk,
  slovenian: sl,
  spanish: es,
  swedish: sv,
  turkish: tr,
};

export function bankFor(language: BookLanguage): LanguageBank {
  return banks[language];
}
