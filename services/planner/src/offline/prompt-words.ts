import { truncateText } from '@bookwright/contracts/text';

/**
 * What the offline writer takes from the author's prompt, so that a demo plan is about the author's story:
 * the people it names, the places it sets the story in, and the subject words it keeps returning to.
 * Plain rules over Unicode letter classes, the same in every language: capitals mark names in the 23
 * book languages (scripts without case contribute subjects only), a locative word before a name marks a
 * place. Deterministic, and every piece is a whole word of the prompt, cut to a safe length.
 */
export interface PromptWords {
  /** Names of people, in order of first mention: "Mara Quist", "Tomas". */
  names: string[];
  /** Names that follow "in", "at", "near", "w", "à", "nel"…: "Lisbon", "Kraków". */
  places: string[];
  /** Distinctive lower-case words the prompt uses more than once, most frequent first: "lighthouse". */
  subjects: string[];
}

// Articles, pronouns, prepositions and conjunctions that start sentences in the book languages: capitalised
// there without being names.
const functionWords = new Set(
  `a an the this that these those his her its their our my your he she it they we you i there here then when
   while after before once if but and or so as at in on of to for from with without into over under until
   what who why how where every each some one no not all both yet also only even still just now soon later
   der die das den dem des ein eine einer eines einem einen er sie es wir ihr und oder aber als wenn im am
   zum zur vom beim nach bei aus mit von für über unter vor hinter zwischen dann doch noch
   le la les un une des du au aux il elle ils elles on nous vous et ou mais quand dans sur sous avec pour
   par chez après avant depuis puis
   el los las una unos unas y o pero cuando en con sin por para desde hasta tras entre
   il lo gli uno un' e ed ma quando nel nella nei negli nelle sul sulla con per tra fra dopo prima
   o os as um uma uns umas e ou mas quando no na nos nas com sem por para desde até
   de het een en maar toen als op bij naar uit met voor na onder
   w we z ze i a ale gdy kiedy na po pod nad przy od do bez dla ten ta to ci te jego jej ich
   v ve s se u k ke a ale když na po pod nad při od do bez pro ten ta to jeho její jejich
   i og eller men når på ved fra til med uden under efter før den det de en et ett han hun
   ja tai mutta kun ja se he hän me te ne ta ning aga kui see nad ta
   és vagy de amikor egy az a ez azok
   și sau dar când în pe la de din cu fără pentru un o
   ve veya ama bir bu şu o onlar biz siz
   un bet kad ir ar bez no uz pie ir bet kai su be iš į
   i ili ali kad u na s sa bez za od do iz
   in ali ko na z s brez za od do iz
   dhe ose por kur në me pa për nga tek një`
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.toLocaleLowerCase()),
);

// Words that put a place after them ("in Lisbon", "w Krakowie", "à Paris", "nel Lazio").
const locatives = new Set(
  `in at on near to from into across beyond through outside inside around toward towards
   im nach bei aus nahe
   à au aux dans près vers de
   en a cerca desde hacia
   nel nella nei a da presso verso
   em no na nos nas perto
   op bij naar uit
   w we do z ze pod nad przy koło
   v ve u do z ze pod nad
   i på ved fra til mod
   în la lângă din spre
   ve
   iz blizu kod prema
   pri blizu proti
   në pranë nga drejt`
    .split(/\s+/)
    .filter(Boolean),
);

// Distinctive words are at least this many letters: shorter ones are mostly function words.
const SUBJECT_MIN_LETTERS = 5;
// Longest name and subject kept: a prompt's "word" can be a whole unspaced paragraph (CJK, a pasted URL).
const NAME_MAX = 60;
const SUBJECT_MAX = 60;
// A name is at most three capitalised words in a row ("Jean Paul Sartre").
const NAME_MAX_WORDS = 3;

interface Token {
  word: string;
  capitalised: boolean;
  /** Starts a sentence (or the prompt), where everything is capitalised. */
  initial: boolean;
  /** Joined to the previous token by a single space, so both can belong to one name. */
  joined: boolean;
  previous: string | undefined;
  /** Ends in a locative case after an apostrophe (Turkish "İstanbul'da"): a place on its own. */
  locative: boolean;
  /** Ends in an apostrophe suffix ("Mara's"): nothing joins it from the right. */
  suffixed: boolean;
}

// Words that mark the next one as a common noun, not a name ("die Stadt", "ihren Bruder", "the Moon").
const determiners = new Set(
  `the a an this that his her its their our my your
   der die das den dem des ein eine einer eines einem einen sein seine seinen ihr ihre ihren unser unsere
   le la les un une son sa ses leur el los las una su sus il lo gli uno o os um uma seu sua het een zijn haar`
    .split(/\s+/)
    .filter(Boolean),
);

// German capitalises every noun; these endings are nouns, never first names.
const germanNounEnding = /(?:ung|heit|keit|schaft|nis|nisse|tum|chen|lein|ismus)$/u;

// A word: letters with marks, inner apostrophes and hyphens ("O’Neill", "Jean-Luc").
const WORD = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;

function tokenise(prompt: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const match of prompt.matchAll(WORD)) {
    const between = prompt.slice(end, match.index);
    // A possessive or case ending after an apostrophe is not part of the name: "Mara's", "İstanbul'da".
    const suffix = /['’](\p{L}{1,3})$/u.exec(match[0]);
    const word = suffix ? match[0].slice(0, suffix.index) : match[0];
    const previous = tokens.at(-1);
    tokens.push({
      word,
      capitalised: /^[\p{Lu}\p{Lt}]/u.test(word) && /\p{Ll}/u.test(word),
      initial: tokens.length === 0 || /[.!?…:;\n]/u.test(between),
      joined: previous !== undefined && !previous.suffixed && /^[ \u00a0]$/u.test(between),
      previous: previous?.word.toLocaleLowerCase(),
      locative: suffix !== null && /^n?[dt][ae]$/u.test(suffix[1] as string),
      suffixed: suffix !== null,
    });
    end = match.index + match[0].length;
  }
  return tokens;
}

/** Reads the names, places and subject words of an author's prompt (see PromptWords). */
export function readPrompt(prompt: string, language?: string): PromptWords {
  const tokens = tokenise(prompt);
  const lowerUses = new Set(tokens.filter((t) => !t.capitalised).map((t) => t.word.toLocaleLowerCase()));
  const capitalisedInside = new Set(tokens.filter((t) => t.capitalised && !t.initial).map((t) => t.word));
  // A capitalised word is a name when it is capitalised mid-sentence, or opens a sentence but is neither a
  // function word nor used in lower case elsewhere ("Mara finds…" yes, "Later, …" no).
  const isNameWord = (t: Token) =>
    t.capitalised &&
    !(t.previous !== undefined && determiners.has(t.previous)) &&
    !(language === 'german' && germanNounEnding.test(t.word)) &&
    (!t.initial ||
      capitalisedInside.has(t.word) ||
      (!functionWords.has(t.word.toLocaleLowerCase()) && !lowerUses.has(t.word.toLocaleLowerCase())));

  const names: string[] = [];
  const places: string[] = [];
  const add = (list: string[], name: string) => {
    const shown = truncateText(name, NAME_MAX, { ellipsis: '' });
    if (shown && !list.includes(shown)) list.push(shown);
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const first = tokens[i] as Token;
    if (!isNameWord(first)) continue;
    const run = [first];
    while (run.length < NAME_MAX_WORDS && !run.some((t) => t.locative)) {
      const next = tokens[i + run.length];
      if (!next || !next.joined || !isNameWord(next) || next.initial || next.locative) break;
      run.push(next);
    }
    i += run.length - 1;
    const name = run.map((t) => t.word).join(' ');
    const afterLocative = first.previous !== undefined && locatives.has(first.previous) && !first.initial;
    add(afterLocative || first.locative ? places : names, name);
  }

  const nameWords = new Set([...names, ...places].flatMap((n) => n.split(' ')).map((w) => w.toLocaleLowerCase()));
  const counts = new Map<string, { count: number; first: number }>();
  tokens.forEach((t, index) => {
    const lower = t.word.toLocaleLowerCase();
    if ([...lower].length < SUBJECT_MIN_LETTERS || functionWords.has(lower) || nameWords.has(lower)) return;
    const seen = counts.get(lower);
    if (seen) seen.count += 1;
    else counts.set(lower, { count: 1, first: index });
  });
  const subjects = [...counts.entries()]
    .filter(([, use]) => use.count > 1)
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .map(([word]) => truncateText(word, SUBJECT_MAX, { ellipsis: '' }));

  // A place never doubles as a person, and "Mara" after "Mara Quist" is the same person.
  const people = names.filter(
    (name, index) =>
      !places.includes(name) && !names.some((other, at) => at < index && other.split(' ').includes(name)),
  );
  return { names: people, places, subjects };
}
