import {
  genres,
  type BookType,
  type Character,
  type ContentChapter,
  type FictionBookState,
  type Genre,
  type NonFictionBookState,
  type PlanRequest,
} from '@bookwright/contracts/http';
import { truncateText } from '@bookwright/contracts/text';
import { bankFor, castFor, hashString, Random, renderRandom, type LanguageBank } from '@bookwright/offline';
import { readPrompt, type PromptWords } from './prompt-words';

/** Fills `{slot}`s (and picks `[a|b]` options) of a bank phrase. */
function fill(source: string, slots: Record<string, string>, random: Random): string {
  return renderRandom(source, slots, () => random.next()).trim();
}

const capitalise = (text: string) => text.replace(/^\p{Ll}/u, (letter) => letter.toLocaleUpperCase());

const clip = (text: string, max: number) => truncateText(text.trim().replace(/\s+/g, ' '), max);

const sentencesOf = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?…])\s+|\n+/)
    .filter((s) => s.trim().length > 0);

/** The sentence of the author's idea to quote as the setting: the first that names a place, else the first. */
function settingSentence(text: string, places: string[], max = 300): string {
  const sentences = sentencesOf(text);
  const sentence = sentences.find((s) => places.some((place) => s.includes(place))) ?? sentences[0] ?? text;
  return clip(sentence, max);
}

// Function words of several book languages that are long enough to pass the length filter below.
const stopWords = new Set(
  [
    'about',
    'after',
    'again',
    'against',
    'their',
    'there',
    'these',
    'those',
    'which',
    'where',
    'while',
    'would',
    'could',
    'should',
    'other',
    'every',
    'through',
    'between',
    'without',
    'within',
    'before',
    'being',
    'because',
    'people',
    'something',
    'someone',
    'story',
    'book',
    'novel',
    'wants',
    'about',
    'einer',
    'einem',
    'einen',
    'eines',
    'nicht',
    'nella',
    'della',
    'delle',
    'quando',
    'sobre',
    'entre',
    'desde',
    'porque',
    'cette',
    'leurs',
    'notre',
    'votre',
    'avant',
    'après',
    'které',
    'která',
    'který',
    'kterou',
    'jeho',
    'które',
    'który',
    'która',
    'przez',
    'kiedy',
  ].map((w) => w.toLocaleLowerCase()),
);

/** Distinctive words of the author's prompt and title, in order: the raw material of non-fiction topics. */
export function keywords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []) {
    const lower = word.toLocaleLowerCase();
    if ([...lower].length < 5 || stopWords.has(lower) || seen.has(lower)) continue;
    seen.add(lower);
    out.push(lower);
  }
  return out;
}

/** Phrases of one to three words between commas and "and"s of the prompt: "flour types", "hydration". */
export function phrases(text: string, and: string): string[] {
  const separators = new RegExp(`[,;:.!?()\\n]|\\s(?:${escapeRegExp(and)}|and|&)\\s`, 'iu');
  return text
    .split(separators)
    .map((part) => part.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((part) => {
      const count = part.split(/\s+/).filter(Boolean).length;
      return count >= 1 && count <= 3 && part.length >= 4 && !stopWords.has(part.toLocaleLowerCase());
    });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const genreLabel = (genre: Genre) => genres.find((g) => g.value === genre)?.label ?? genre;

export function composePlan(bookType: BookType, request: PlanRequest): FictionBookState | NonFictionBookState {
  const bank = bankFor(request.language);
  const random = new Random(
    hashString(
      ['plan', request.title, request.prompt, request.language, request.genre, request.targetAudience].join('\u0000'),
    ),
  );
  const words = readPrompt(request.prompt, request.language);
  return bookType === 'fiction'
    ? composeFiction(request, words, bank, random)
    : composeNonFiction(request, words, bank, random);
}

const MAX_CAST = 8;
// Chapters whose title comes from the prompt's places and subjects: the first of every three.
const PROMPT_TITLE_EVERY = 3;

/** The author's people first, then the bank's, at least four in all. */
function planCast(request: PlanRequest, words: PromptWords, bank: LanguageBank): string[] {
  const seeded = castFor(request, bank);
  const named = words.names.slice(0, MAX_CAST);
  const cast = [...named, ...seeded.filter((name) => !named.includes(name))];
  return cast.slice(0, Math.min(MAX_CAST, Math.max(seeded.length, named.length)));
}

function composeFiction(
  request: PlanRequest,
  words: PromptWords,
  bank: LanguageBank,
  random: Random,
): FictionBookState {
  const cast = planCast(request, words, bank);
  const hero = cast[0] as string;
  const roles = bank.roles;
  const characters: Character[] = cast.map((name, index) => {
    const [from, to] = random.sample(bank.traits, 2) as [string, string];
    const traits = random.sample(bank.traits, 2) as [string, string];
    return {
      name,
      role: capitalise(
        index < 2 ? (roles[index] as string) : (roles[2 + ((index - 2) % (roles.length - 2))] as string),
      ),
      arc: `${capitalise(from)} → ${to}`,
      personality: `${capitalise(traits[0])}, ${traits[1]}`,
      backstory: fill(random.pick(bank.plan.backstory), { name }, random),
    };
  });

  const split = random.pick([
    [4, 4, 4],
    [3, 5, 4],
    [4, 5, 3],
    [3, 4, 5],
  ]);
  const promptTitles = [...new Set([...words.places, ...words.subjects.map(capitalise)])];
  const bankTitles = random.shuffle(bank.fictionTitles).filter((title) => !promptTitles.includes(title));
  const titles = Array.from({ length: 12 }, (_, index) => {
    const fromPrompt = index % PROMPT_TITLE_EVERY === 0 ? promptTitles[index / PROMPT_TITLE_EVERY] : undefined;
    return fromPrompt ?? (bankTitles[index % bankTitles.length] as string);
  });
  let chapterNumber = 0;
  const acts = split.map((count, actIndex) => ({
    actNumber: actIndex + 1,
    description: fill(bank.plan.acts[actIndex] as string, { hero }, random),
    chapters: Array.from({ length: count }, () => {
      chapterNumber += 1;
      const other = random.pick(cast.slice(1));
      return {
        chapterNumber,
        title: titles[(chapterNumber - 1) % titles.length] as string,
        purpose: fill(random.pick(bank.plan.purpose), { hero }, random),
        summary: fill(random.pick(bank.plan.summary), { hero, other, element: random.pick(bank.elements) }, random),
      };
    }),
  }));

  return {
    expandedIdea: {
      subGenre: genreLabel(request.genre),
      emotionalTone: capitalise(random.pick(bank.tones)),
      themes: random.sample(bank.themes, 3).map(capitalise),
      centralConflict: fill(bank.plan.conflict, { hero, title: request.title }, random),
      worldBuilding: {
        setting: fill(bank.plan.setting, { idea: settingSentence(request.prompt, words.places) }, random),
        timePeriod: capitalise(random.pick(bank.periods)),
        culturalContext: fill(bank.plan.culture, { audience: clip(request.targetAudience, 300) }, random),
        uniqueElements: [...words.places, ...words.subjects.map(capitalise), ...random.sample(bank.elements, 3)]
          .slice(0, 3)
          .map(capitalise),
      },
      narrativeStyle: bank.plan.style,
    },
    characters,
    plotOutline: { acts },
  };
}

function composeNonFiction(
  request: PlanRequest,
  words: PromptWords,
  bank: LanguageBank,
  random: Random,
): NonFictionBookState {
  const audience = clip(request.targetAudience, 300);
  const topicCount = random.int(4, 6);
  const keyTopics: string[] = [];
  const addTopic = (topic: string) => {
    const shown = capitalise(clip(topic, 120));
    if (keyTopics.length < topicCount && !keyTopics.some((t) => t.toLocaleLowerCase() === shown.toLocaleLowerCase())) {
      keyTopics.push(shown);
    }
  };
  // The places the prompt names and its short phrases ("flour types", "hydration") make the best topics;
  // the people it names and single distinctive words come next, the bank's generic angles last.
  for (const place of words.places) addTopic(place);
  for (const phrase of phrases(request.prompt, bank.words.and)) addTopic(phrase);
  for (const name of words.names) addTopic(name);
  for (const word of keywords(`${request.title} ${request.prompt}`)) addTopic(word);
  for (const aspect of random.shuffle(bank.aspects)) addTopic(aspect);

  const sectionCount = random.int(3, 4);
  const perSection = 12 / sectionCount;
  const aspects = random.shuffle(bank.aspects);
  let chapterNumber = 0;
  const sections = Array.from({ length: sectionCount }, (_, index) => {
    const topic = keyTopics[index % keyTopics.length] as string;
    return {
      sectionNumber: index + 1,
      title: topic,
      objective: fill(bank.plan.objective, { topic }, random),
      chapters: Array.from({ length: perSection }, (): ContentChapter => {
        chapterNumber += 1;
        const title = `${topic}: ${aspects[(chapterNumber - 1) % aspects.length] as string}`;
        return {
          chapterNumber,
          title,
          summary: fill(bank.plan.chapterSummary, { topic: title, audience }, random),
          keyPoints: random
            .sample(bank.plan.keyPoints, random.int(3, Math.min(4, bank.plan.keyPoints.length)))
            .map((point) => fill(point, { topic }, random)),
        };
      }),
    };
  });

  const researchCount = random.int(4, 8);
  const researchSubjects = [...keyTopics, ...aspects.map((aspect) => `${keyTopics[0] as string}: ${aspect}`)];
  const topics = researchSubjects.slice(0, researchCount).map((topic) => ({
    title: topic,
    query: clip(fill(bank.plan.query, { topic, audience }, random), 1_000),
    summary: fill(bank.plan.research, { topic }, random),
    tags: [...new Set([topic.toLocaleLowerCase(), genreLabel(request.genre).toLocaleLowerCase()])].map((tag) =>
      clip(tag, 100),
    ),
  }));

  return {
    expandedIdea: {
      subGenre: genreLabel(request.genre),
      emotionalTone: capitalise(random.pick(bank.tones)),
      themes: random.sample(bank.themes, 3).map(capitalise),
      centralConflict: fill(bank.plan.question, { title: request.title, audience }, random),
      keyTopics,
      learningObjectives: random
        .sample(keyTopics, Math.min(keyTopics.length, random.int(3, 4)))
        .map((topic, index) =>
          fill(bank.plan.learning[index % bank.plan.learning.length] as string, { topic }, random),
        ),
    },
    researches: { topics },
    contentOutline: {
      structure: fill(bank.plan.structure, { sections: String(sectionCount), chapters: '12' }, random),
      sections,
    },
  };
}
