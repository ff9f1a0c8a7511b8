/**
 * All the copy of the public site (landing page, its footer and the help panel) in one place, so that a
 * marketer can change words without touching components. Nothing here may claim a figure the product
 * does not have: the product has no customers yet, so testimonials are marked as examples.
 */
import { moneyBackGuaranteeDays, plans } from '@bookwright/contracts/http';
import { productName, supportEmail, supportReplyHours, supportPromise, tagline } from '../../texts';
import sampleBooks from './sample-books.json';

/** A mailto: link with a prefilled subject and greeting (spaces as %20: some mail clients show '+'). */
export function mailLink(to: string, subject: string, greeting: string): string {
  const query = new URLSearchParams({ subject, body: `${greeting}\n\n` }).toString().replace(/\+/g, '%20');
  return `mailto:${to}?${query}`;
}

export const supportMail = mailLink(supportEmail, `${productName} support`, `Hello ${productName} team,`);
export const featureRequestMail = mailLink(
  supportEmail,
  `${productName} feature request`,
  `Hello ${productName} team, I would love to see`,
);

export const nav = [
  { href: '#features', label: 'Features' },
  { href: '#showcase', label: 'Showcase' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
] as const;

export const hero = {
  eyebrow: 'From idea to finished book',
  title: 'Write the book you have always meant to write.',
  lead: `${tagline}. Describe your idea, shape the plan, and get a complete manuscript you can edit, cover and publish.`,
  primary: { to: '/signup', label: 'Start Writing Now' },
  secondary: { to: '/login', label: 'I already have an account' },
} as const;

/** Spec §1: the five trust lines; the support line gives the one promise (48 hours, issue 20). */
export const trustLines = [
  `${moneyBackGuaranteeDays}-day money-back guarantee`,
  'Cancel anytime',
  'Bank-level security',
  '15-minute setup',
  `Support replies within ${supportReplyHours} hours`,
] as const;

/** Spec §1: the free trial is full. Both numbers are the product's own (no trial seats are open). */
export const trialSeats = { available: 0, total: 500, text: 'Free trial seats are full: 0 of 500 available.' } as const;

export type FeatureIcon = 'sparkles' | 'listTree' | 'penLine' | 'palette' | 'bookOpen' | 'printer' | 'cpu' | 'tags';

export const features = {
  eyebrow: 'Features',
  title: 'Everything between a first idea and a published book',
  lead: 'One place to plan, write, edit, design and export, built around the way books are actually made.',
  items: [
    {
      icon: 'listTree',
      title: 'A plan you approve first',
      text: 'Concept, characters and plot for fiction; research and an outline for non-fiction. Edit every part before a word of the book is written.',
    },
    {
      icon: 'sparkles',
      title: 'The whole manuscript, written for you',
      text: 'Once you confirm the plan, the full book is written chapter by chapter, usually in 15 to 30 minutes.',
    },
    {
      icon: 'penLine',
      title: 'A real editor',
      text: 'Headings, lists, alignment and undo in a distraction-free editor, with your concept, characters and plot beside the text.',
    },
    {
      icon: 'palette',
      title: 'Covers, even offline',
      text: 'Generate a cover with an image model, upload your own, or let the built-in typographic designer compose one with no network at all.',
    },
    {
      icon: 'bookOpen',
      title: 'EPUB that passes epubcheck',
      text: 'Every e-book is a standards-valid EPUB 3 with a cover, table of contents and your metadata, ready for any reader or store.',
    },
    {
      icon: 'printer',
      title: 'Print-ready for Amazon KDP',
      text: 'Interior PDFs in the common trim sizes with embedded fonts, and a full-wrap cover with the spine sized from your page count.',
    },
    {
      icon: 'cpu',
      title: 'Your choice of model',
      text: 'Works with any OpenAI-compatible model, hosted or your own, and has an offline demo mode that needs no key at all.',
    },
    {
      icon: 'tags',
      title: 'Publishing metadata',
      text: 'Title, author, identifier, language, keywords, rights and publication date, checked before every export.',
    },
  ] satisfies { icon: FeatureIcon; title: string; text: string }[],
} as const;

export interface SampleBook {
  slug: string;
  title: string;
  author: string;
  genre: string;
  description: string;
  /** Where the text comes from (all samples are public domain). */
  source: string;
  wordCount: number;
  chapters: number;
  coverUrl: string;
  epubUrl: string | null;
}

export const showcase = {
  eyebrow: 'Showcase',
  title: 'Public-domain classics, typeset by Bookwright',
  lead: 'These sample editions were typeset into EPUB and given their covers by the same export and cover designer you use. The texts are public-domain classics, so you can download and read them freely.',
  /** Built by scripts/sample-books from the texts in that folder. */
  books: sampleBooks satisfies SampleBook[] as SampleBook[],
  by: 'by',
  openLabel: 'Preview',
  modal: {
    downloadTitle: 'Download EPUB',
    downloadText: 'Read this book in your favorite reader',
    download: 'Download EPUB',
    createYourOwn: 'Create Your Own',
    close: 'Close preview',
    closingTitle: 'Typeset your own book the same way',
    closingText: `The same EPUB export and cover designer come with every ${productName} plan`,
    sourceLabel: 'Source',
  },
} as const;

/** A manuscript page is about 250 words (spec §9's page estimate, without the print minimum). */
export const pagesOf = (wordCount: number) => Math.max(1, Math.round(wordCount / 250));

export const howItWorks = {
  eyebrow: 'How it works',
  title: 'Three steps from prompt to publish',
  /** Spec §9: the demo steps change every 3 seconds. */
  stepMs: 3000,
  steps: [
    {
      title: 'Describe your idea',
      text: 'A prompt, a title, the language, audience, genre and length. That is all it takes to begin.',
      demo: [
        'A lighthouse keeper’s daughter finds letters that rewrite her family’s past…',
        'Genre: mystery',
        'Language: english',
      ],
    },
    {
      title: 'Review the plan',
      text: 'Characters, plot and chapters, or research and outline: edit the structure before a word is written.',
      demo: ['Act I — The letters', 'Chapter 1: The keeper’s log', 'Chapter 2: Salt and ink'],
    },
    {
      title: 'Publish your book',
      text: 'Refine the manuscript in the editor, add a cover, and export an EPUB or a print-ready PDF.',
      demo: ['EPUB 3 · passes epubcheck', 'PDF for KDP · 6 × 9 in', 'Cover · full wrap'],
    },
  ],
} as const;

export const pricing = {
  eyebrow: 'Pricing',
  title: 'Simple monthly plans',
  lead: 'Billed monthly in euro. Change plans or cancel whenever you like.',
  perMonth: 'per month',
  mostPopular: 'Most Popular',
  custom: 'Custom',
  plans: [
    {
      id: 'starter',
      blurb: 'For authors bringing their first books to life.',
      features: [
        `${plans.starter.books} books per month`,
        `${plans.starter.covers} AI covers per month`,
        `${plans.starter.translations} translations per month`,
        'EPUB and print PDF export',
        'Metadata editing',
      ],
      cta: { to: '/signup?accountType=starter', label: 'Start with Starter' },
    },
    {
      id: 'professional',
      blurb: 'For prolific authors who publish on a schedule.',
      features: [
        'Unlimited books',
        'Unlimited AI covers',
        'Unlimited translations',
        'EPUB and print PDF export',
        'Metadata editing',
      ],
      cta: { to: '/signup?accountType=professional', label: 'Go Professional' },
    },
    {
      id: 'enterprise',
      blurb: 'For publishers and teams with custom needs.',
      features: ['Everything in Professional', 'Team workspace and collaboration', 'Custom limits and onboarding'],
      // Opens the sales form (ContactSalesDialog), which mails the sales address.
      cta: { contactSales: true, label: 'Contact Sales' },
    },
  ],
  /** The spec's third plan link: straight to sign-up with the Professional checkout. */
  directLink: { to: '/signup?plan=professional', label: 'Sign up and go straight to Professional checkout' },
} as const;

export const testimonials = {
  eyebrow: 'Testimonials',
  title: 'What authors tell us they want',
  /** Spec §9: the testimonial rotates every 6 seconds. */
  rotateMs: 6000,
  /**
   * EXAMPLES, not real customers: the product has none yet. Replace these with real, attributed quotes
   * (with the author's permission) when there are some; the page labels them as examples meanwhile.
   */
  isExample: true,
  exampleNote: 'Example testimonials, shown to illustrate; not from real customers yet.',
  items: [
    {
      quote:
        'I had the idea for years. Seeing a full plan I could argue with, then a whole draft, finally got me past page one.',
      name: 'Example author',
      role: 'First-time novelist',
    },
    {
      quote: 'The EPUB went through the store’s checks on the first upload, and the print cover had the spine right.',
      name: 'Example author',
      role: 'Self-published non-fiction writer',
    },
    {
      quote: 'Editing the characters and chapters before anything is written is what makes the book feel like mine.',
      name: 'Example author',
      role: 'Fantasy series author',
    },
  ],
  previous: 'Previous testimonial',
  next: 'Next testimonial',
  show: (n: number) => `Show testimonial ${n}`,
} as const;

export const faq = {
  eyebrow: 'FAQ',
  title: 'Questions, answered',
  items: [
    {
      question: 'Which plans are there, and what do they include?',
      /** Built from the configured prices (usePlanPrices, formatted): no price is written here. */
      answer: (prices: { starter: string; professional: string }) =>
        `Starter costs ${prices.starter} per month and includes ${plans.starter.books} books, ${plans.starter.covers} AI covers and ${plans.starter.translations} translations each month. Professional costs ${prices.professional} per month with no monthly limits. Enterprise is priced to your needs: write to us and we will set it up.`,
    },
    {
      question: 'Can I cancel at any time?',
      answer: `Yes. Cancel from Settings, Billing & Plans whenever you like. The cancellation takes effect at the end of the billing period you have paid for, and there is a ${moneyBackGuaranteeDays}-day money-back guarantee.`,
    },
    {
      question: 'Who owns the books I create?',
      answer:
        'You do. The text you write and the text generated for you are yours to edit, publish and sell. We only store them to run the service for you, and we delete them when you delete your account.',
    },
    {
      question: 'Which formats can I export?',
      answer:
        'EPUB 3 for e-book stores and readers (validated against epubcheck), and print-ready PDF: the interior, the cover, or both as a ZIP.',
    },
    {
      question: 'Can I publish on Amazon KDP?',
      answer:
        'Yes. The print PDF follows KDP’s requirements: common trim sizes such as 6 × 9 in, embedded fonts, at least 24 pages, and a full-wrap cover whose spine width is calculated from your page count and paper.',
    },
    {
      question: 'Which AI models write the books?',
      answer:
        'Any OpenAI-compatible model: the hosted OpenAI models or one you run yourself behind a compatible API. Without a model configured, an offline demo mode composes books and covers locally, so you can try the whole flow without a key.',
    },
    {
      question: 'How long does it take to write a book?',
      answer:
        'Planning takes a minute or two. After you confirm the plan, writing the full book takes up to 30 minutes; you can close the page and come back when it is ready.',
    },
  ],
} as const;

export const closingCta = {
  title: 'Ready to Write Your Bestseller?',
  text: 'Your first draft is closer than you think.',
  link: { to: '/signup', label: 'Start Writing Now' },
} as const;

export const footer = {
  blurb: tagline,
  columns: [
    {
      title: 'Product',
      links: [
        { href: '#features', label: 'Features' },
        { href: '#pricing', label: 'Pricing' },
      ],
    },
    {
      title: 'Support',
      links: [
        { href: supportMail, label: 'Support' },
        { href: featureRequestMail, label: 'Feature Requests' },
      ],
    },
    {
      title: 'Company',
      // Placeholders until the pages exist (spec §2): they lead to the top of the page.
      links: [
        { href: '#top', label: 'About' },
        { href: '#top', label: 'Blog' },
      ],
    },
  ],
  legal: [
    { to: '/privacy-policy', label: 'Privacy Policy' },
    { to: '/terms-of-service', label: 'Terms of Service' },
    { to: '/cookies-policy', label: 'Cookies Policy' },
  ],
  /**
   * The year is the one the page is read in (issue 47 over spec §9's fixed 2024). The pre-rendered page
   * carries its build year; hydrating it in a later year re-renders the text with the reader's year.
   */
  copyright: (now: Date = new Date()) => `© ${now.getFullYear()} ${productName}. All rights reserved.`,
} as const;

export const helpPanel = {
  open: 'Open help',
  close: 'Close help',
  title: 'Need a hand?',
  text: `${supportPromise} to every message.`,
  mail: { href: supportMail, label: `Email ${supportEmail}` },
  faq: { href: '#faq', label: 'Read the FAQ' },
  pricing: { href: '#pricing', label: 'Compare plans' },
} as const;

export const legalTopBar = [
  { to: '/', label: 'Home' },
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Create account' },
] as const;

/** Title and description per public page: for the tab, search results and link previews. */
export const seo = {
  '/': {
    title: `${productName}: write, edit and publish your book with AI`,
    description: `${tagline}. Plan a book, get the full manuscript, edit it, design a cover and export EPUB or KDP print PDF.`,
  },
  '/privacy-policy': {
    title: `Privacy Policy · ${productName}`,
    description: `What ${productName} stores about you, why, for how long, and your rights.`,
  },
  '/terms-of-service': {
    title: `Terms of Service · ${productName}`,
    description: `The terms for using ${productName}: accounts, subscriptions, cancellation and your content.`,
  },
  '/cookies-policy': {
    title: `Cookies Policy · ${productName}`,
    description: `The cookies ${productName} uses, in which categories, and how to control them.`,
  },
} as const;

export type PublicPath = keyof typeof seo;
