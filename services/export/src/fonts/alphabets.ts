import type { BookLanguage } from '@bookwright/contracts/http';

/**
 * The letters beyond basic Latin that each of the 23 book languages (spec §9) writes, both cases, plus the
 * punctuation its typography uses. The fonts test checks every one of them against the embedded fonts'
 * cmaps, so a book in any of these languages never prints a missing-glyph box.
 */
export const languageLetters: Record<BookLanguage, string> = {
  albanian: 'çëÇË',
  croatian: 'čćđšžČĆĐŠŽ',
  czech: 'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ',
  danish: 'æøåéÆØÅÉ',
  dutch: 'áéíóúàèëïöüĳÁÉÍÓÚÀÈËÏÖÜĲ',
  english: 'éïæœÉÏÆŒ',
  estonian: 'šžõäöüŠŽÕÄÖÜ',
  finnish: 'åäöšžÅÄÖŠŽ',
  french: 'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ',
  german: 'äöüßẞÄÖÜ',
  hungarian: 'áéíóöőúüűÁÉÍÓÖŐÚÜŰ',
  italian: 'àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ',
  latvian: 'āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ',
  lithuanian: 'ąčęėįšųūžĄČĘĖĮŠŲŪŽ',
  norwegian: 'æøåéèêóòôÆØÅÉÈÊÓÒÔ',
  polish: 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ',
  portuguese: 'áâãàçéêíóôõúüÁÂÃÀÇÉÊÍÓÔÕÚÜ',
  // Comma-below (ș ț) is correct Romanian; the cedilla forms (ş ţ) are still common in older text.
  romanian: 'ăâîșțşţĂÂÎȘȚŞŢ',
  slovak: 'áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ',
  slovenian: 'čšžćđČŠŽĆĐ',
  spanish: 'áéíñóúü¿¡ÁÉÍÑÓÚÜ',
  swedish: 'åäöéÅÄÖÉ',
  turkish: 'çğıİöşüâîûÇĞÖŞÜÂÎÛ',
};

/** Quotes, dashes, spaces and marks the 23 languages' typography uses (guillemets, low quotes, NBSPs …). */
export const typographicPunctuation =
  '\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u00AB\u00BB\u2039\u203A\u2026\u00A0\u202F\u2009\u00B7\u2022\u00A7\u00A9\u00AE\u2122\u00B0\u20AC\u00A3\u2020\u2021\u2032\u2033';
