import type { BookLanguage, TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { buildBook } from '@bookwright/contracts/testing';
import { toExportBook } from '../../domain/to-export-book';
import type { ExportBook } from '../../export-book';
import { heading, listItem, paragraph, text } from '../../testing/tiptap-nodes';

/** One sentence per language that uses its special letters (pangrams where one exists). */
export const languageSamples: Partial<Record<BookLanguage, string>> = {
  czech: 'Příliš žluťoučký kůň úpěl ďábelské ódy.',
  polish: 'Zażółć gęślą jaźń, pchnąć w tę łódź jeża lub ośm skrzyń fig.',
  turkish: 'Pijamalı hasta yağız şoföre çabucak güvendi; İstanbul’da ılık bir akşam.',
  latvian: 'Glāžšķūņa rūķīši dzērumā čiepj Baha koncertflīģeļu vākus.',
  lithuanian: 'Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą.',
  romanian: 'Muzicologă în bej vând whisky și tequila, preț fix; țară, școală.',
  hungarian: 'Árvíztűrő tükörfúrógép.',
  slovak: 'Kŕdeľ šťastných ďatľov učí pri ústí Váhu mĺkveho koňa obhrýzať kôru.',
  croatian: 'Gojazni đačić s biciklom drži hmelj i finu vatu u džepu nošnje.',
  estonian: 'Põdur Zagrebi tšellomängija-följetonist Ciqo külmetas kehvas garaažis.',
  albanian: 'Zhytësi çeli derën e shtëpisë së vjetër në Korçë.',
  danish: 'Høje Åse og fædrene spiste rødgrød med fløde.',
  swedish: 'Flygande bäckasiner söka hwila på mjuka tuvor.',
  norwegian: 'Vår sære Zulu fra badeøya spilte jo whist og quickstep i min taxi.',
  german: 'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.',
  french: 'Dès Noël, où un zéphyr haï me vêt de glaçons würmiens, je dîne d’exquis rôtis de bœuf.',
  spanish: '¿Quién añoraba el pingüino? ¡El cachorro!',
  portuguese: 'Luís argüia à Júlia que «brações, fé, chá, óxido, pôr, zângão» eram palavras.',
};

const common = (
  'the of and to a in that it was he she for on with as his her at by had not but from they which you ' +
  'were this all one there would their we been has more when who will no if out so said what up its ' +
  'about into than them can only other time new some could these two may first then do any like my now ' +
  'over such our man me even most made after also did many before must through back years where much ' +
  'your way well down should because each just those people how too little state good very make world ' +
  'still own see men work long get here between both life being under never day same another know while ' +
  'last might us great old year off come since against go came right used take three'
).split(' ');
const rarer = (
  'harbour lantern morning quietly window careful silver river ancient letter promise village shadow ' +
  'garden distant thunder bridge market whisper captain journey sudden bright stone winter coastal narrow ' +
  'wooden orchard patient evening mountain kitchen forgotten remember towards beneath afternoon travelling ' +
  'lighthouse curious gentle stranger silence question answered believed carriage engine library'
).split(' ');

const germanCommon = (
  'der die das und in den von zu mit sich des auf für ist im dem nicht ein eine als auch es an er so dass ' +
  'sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis ' +
  'mehr durch man sein wurde sei hat kann gegen vom schon wenn habe seine ihre dann unter wir soll ich eines'
).split(' ');
const germanRarer = (
  'Leuchtturmwärterin Hafenmeisterei Donaudampfschifffahrt Briefträgerin Dorfgemeinschaft Nachmittagsstunde ' +
  'Küstenstraße Abendspaziergang Gemeinderatssitzung Fischereigenossenschaft Sturmflutwarnung geheimnisvoll ' +
  'Winterabend Laternenlicht Bibliothekarin verschwiegen Eisenbahnbrücke Apfelbaumgarten Wohnzimmerfenster ' +
  'Rathausplatz Kirchturmuhr Sonnenuntergang Schreibtischschublade Großmutter Familiengeheimnis Umschlag ' +
  'Dampflokomotive Marktplatz vorsichtig langsam Gewitterwolken Meeresrauschen Nebelhorn Versprechen'
).split(' ');

/** Deterministic German prose with the long compounds German is known for (a hyphenation workout). */
export function germanProse(seed: number, words: number): string {
  return prose(seed, words, { common: germanCommon, rarer: germanRarer, rareShare: 0.15 });
}

/** Deterministic prose: realistic word lengths, sentences of 6–24 words. */
export function prose(
  seed: number,
  words: number,
  vocabulary: { common: string[]; rarer: string[]; rareShare: number } = { common, rarer, rareShare: 0.28 },
): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const sentences: string[] = [];
  let count = 0;
  while (count < words) {
    const length = Math.min(words - count, 6 + Math.floor(next() * 19));
    const sentence: string[] = [];
    for (let i = 0; i < length; i += 1) {
      const list = next() < 1 - vocabulary.rareShare ? vocabulary.common : vocabulary.rarer;
      sentence.push(list[Math.floor(next() * list.length)] ?? 'word');
    }
    const text = sentence.join(' ');
    sentences.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}${next() < 0.1 ? '?' : '.'}`);
    count += length;
  }
  return sentences.join(' ');
}

export interface BookShape {
  chapters?: number;
  /** Words of prose per chapter. */
  wordsPerChapter?: number;
  /** Put headings, lists, a quote, a scene break and marks in chapter 1. */
  richFirstChapter?: boolean;
  /** Sentences in these languages go into every chapter. */
  samples?: BookLanguage[];
  chapterTitle?: (index: number) => string;
  /** The prose of the chapters' paragraphs (default: English-like). */
  prose?: (seed: number, words: number) => string;
}

/** A manuscript: `chapters` level-1 headings, paragraphs of 40–160 words. */
export function buildDocument(shape: BookShape = {}): TiptapDocument {
  const chapters = shape.chapters ?? 3;
  const wordsPerChapter = shape.wordsPerChapter ?? 1200;
  const content: TiptapNode[] = [];
  for (let c = 1; c <= chapters; c += 1) {
    content.push(
      heading(1, shape.chapterTitle?.(c) ?? `Chapter ${c}: The ${['Harbour', 'Lantern', 'Orchard', 'Bridge'][c % 4]}`),
    );
    if (c === 1 && shape.richFirstChapter) content.push(...richBlocks());
    for (const language of shape.samples ?? []) {
      const sample = languageSamples[language];
      if (sample) content.push(paragraph(text(`${sample} `), text(prose(c * 31, 30))));
    }
    let written = 0;
    let p = 0;
    while (written < wordsPerChapter) {
      const words = Math.min(wordsPerChapter - written, 40 + ((c * 37 + p * 53) % 121));
      content.push(paragraph(text((shape.prose ?? prose)(c * 1000 + p, words))));
      written += words;
      p += 1;
    }
  }
  return { type: 'doc', content };
}

function richBlocks(): TiptapNode[] {
  return [
    paragraph(
      text('Opening lines with '),
      text('italic', [{ type: 'italic' }]),
      text(', '),
      text('bold', [{ type: 'bold' }]),
      text(' and ', [{ type: 'smallCaps' }]),
      text('both', [{ type: 'bold' }, { type: 'italic' }]),
      text(' marks; a French aside: «\u202FBonjour\u202F!\u202F» and a symbol ∮. '),
      text(prose(7, 60)),
    ),
    paragraph(text(prose(8, 90))),
    heading(2, 'A Section Heading'),
    paragraph(text(prose(9, 80))),
    { type: 'bulletList', content: [listItem(prose(10, 12)), listItem(prose(11, 20)), listItem(prose(12, 8))] },
    paragraph(text(prose(13, 70))),
    heading(3, 'A smaller heading'),
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [listItem(prose(14, 10)), listItem(prose(15, 14))],
    },
    { type: 'blockquote', content: [paragraph(text(prose(16, 40)))] },
    { type: 'horizontalRule' },
    paragraph(text(prose(17, 50)), { type: 'hardBreak' }, text(prose(18, 20))),
    paragraph(
      text('See '),
      text('the project page', [{ type: 'link', attrs: { href: 'https://example.org/book' } } as { type: string }]),
      text(' or run '),
      text('npm start', [{ type: 'code' }]),
      text('.'),
    ),
    { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('A centred line.')] },
    {
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { checked: true }, content: [paragraph(text('A finished task'))] },
        { type: 'taskItem', attrs: { checked: false }, content: [paragraph(text('An open task'))] },
      ],
    },
    paragraph(text(prose(19, 120))),
  ];
}

/** A book to typeset (the shared book fixture with this suite's metadata) as the export handlers hand it over. */
export function typesetExportBook(overrides: Partial<ExportBook> = {}, shape: BookShape = {}): ExportBook {
  const book = buildBook({
    _id: 'book-1',
    title: 'The Lantern Keeper',
    subtitle: null,
    author: 'Ada Example',
    identifier: 'urn:uuid:6f1c9a52-1b8e-4f0c-9d43-2f7a7c1e5b10',
    language: 'english',
    languageMetadata: 'en',
    genreMetadata: 'fiction',
    publisher: 'Harbour Press',
    description: 'A keeper of a coastal lighthouse finds a letter that changes the village.',
    keywords: ['lighthouse', 'village', 'letters'],
    rights: null,
    publicationDate: '2025-03-12',
    isbn: '978-3-16-148410-0',
    bookState: null,
  });
  return { ...toExportBook(book, buildDocument(shape), null), ...overrides };
}

/** A synthetic cover: a two-tone illustration with the title, as a PNG of the given size. */
export async function buildCoverImage(
  widthPx: number,
  heightPx: number,
  title = 'The Lantern Keeper',
): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#457b9d"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${widthPx * 0.5}" cy="${heightPx * 0.62}" r="${widthPx * 0.22}" fill="#f1c453"/>
  <rect x="${widthPx * 0.46}" y="${heightPx * 0.45}" width="${widthPx * 0.08}" height="${heightPx * 0.4}" fill="#e63946"/>
  <text x="50%" y="${heightPx * 0.2}" font-size="${widthPx * 0.08}" fill="#f1faee" text-anchor="middle"
    font-family="serif">${title}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
