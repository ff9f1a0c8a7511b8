import { bookLanguages, type BookLanguage } from '@bookwright/contracts/http';

/** The few words the interior prints itself, in the book's own language. */
export const interiorLabels: Record<BookLanguage, { contents: string; allRightsReserved: string }> = {
  albanian: { contents: 'Përmbajtja', allRightsReserved: 'Të gjitha të drejtat e rezervuara.' },
  croatian: { contents: 'Sadržaj', allRightsReserved: 'Sva prava pridržana.' },
  czech: { contents: 'Obsah', allRightsReserved: 'Všechna práva vyhrazena.' },
  danish: { contents: 'Indhold', allRightsReserved: 'Alle rettigheder forbeholdes.' },
  dutch: { contents: 'Inhoud', allRightsReserved: 'Alle rechten voorbehouden.' },
  english: { contents: 'Contents', allRightsReserved: 'All rights reserved.' },
  estonian: { contents: 'Sisukord', allRightsReserved: 'Kõik õigused kaitstud.' },
  finnish: { contents: 'Sisällys', allRightsReserved: 'Kaikki oikeudet pidätetään.' },
  french: { contents: 'Table des matières', allRightsReserved: 'Tous droits réservés.' },
  german: { contents: 'Inhalt', allRightsReserved: 'Alle Rechte vorbehalten.' },
  hungarian: { contents: 'Tartalom', allRightsReserved: 'Minden jog fenntartva.' },
  italian: { contents: 'Indice', allRightsReserved: 'Tutti i diritti riservati.' },
  latvian: { contents: 'Saturs', allRightsReserved: 'Visas tiesības aizsargātas.' },
  lithuanian: { contents: 'Turinys', allRightsReserved: 'Visos teisės saugomos.' },
  norwegian: { contents: 'Innhold', allRightsReserved: 'Alle rettigheter forbeholdt.' },
  polish: { contents: 'Spis treści', allRightsReserved: 'Wszelkie prawa zastrzeżone.' },
  portuguese: { contents: 'Índice', allRightsReserved: 'Todos os direitos reservados.' },
  romanian: { contents: 'Cuprins', allRightsReserved: 'Toate drepturile rezervate.' },
  slovak: { contents: 'Obsah', allRightsReserved: 'Všetky práva vyhradené.' },
  slovenian: { contents: 'Kazalo', allRightsReserved: 'Vse pravice pridržane.' },
  spanish: { contents: 'Índice', allRightsReserved: 'Todos los derechos reservados.' },
  swedish: { contents: 'Innehåll', allRightsReserved: 'Alla rättigheter förbehållna.' },
  turkish: { contents: 'İçindekiler', allRightsReserved: 'Tüm hakları saklıdır.' },
};

/** BCP 47 code of the language the manuscript is written in. */
export function writingLanguageCode(language: BookLanguage): string {
  return bookLanguages.find((l) => l.value === language)?.code ?? 'en';
}

/** A YYYY-MM-DD date as the book's language writes it ("12. března 2025"); the ISO text if ICU cannot. */
export function formatPublicationDate(isoDate: string, languageCode: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  try {
    return new Intl.DateTimeFormat(languageCode, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return isoDate;
  }
}
