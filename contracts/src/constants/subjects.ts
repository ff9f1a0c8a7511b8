/**
 * The subject list shipped with the product, BISAC-like: a top-level subject and a sub subject, written
 * "Top / Sub". AI metadata suggestions pick 2–3 of these and nothing else.
 */
export const subjectTree = {
  Fiction: [
    'Fantasy',
    'Science Fiction',
    'Mystery & Detective',
    'Thrillers',
    'Romance',
    'Historical',
    'Horror',
    'Literary',
    'Action & Adventure',
    'Humorous',
    'Short Stories',
    'Coming of Age',
  ],
  'Juvenile Fiction': ['Fantasy & Magic', 'Animals', 'Adventure', 'Family', 'Friendship', 'Bedtime & Dreams'],
  'Young Adult Fiction': ['Fantasy', 'Romance', 'Dystopian', 'Mystery', 'Coming of Age'],
  'Business & Economics': ['Entrepreneurship', 'Leadership', 'Marketing', 'Personal Finance', 'Management'],
  'Self-Help': ['Personal Growth', 'Motivational', 'Time Management', 'Stress Management', 'Habits'],
  'Health & Fitness': ['Diet & Nutrition', 'Exercise', 'Mental Health', 'Sleep'],
  Cooking: ['General', 'Baking', 'Vegetarian & Vegan', 'Regional & Ethnic'],
  History: ['World', 'Europe', 'Americas', 'Military', 'Ancient'],
  'Biography & Autobiography': ['Personal Memoirs', 'Historical', 'Business'],
  Science: ['Physics', 'Biology', 'Astronomy', 'Environmental Science'],
  Technology: ['Computers', 'Artificial Intelligence', 'Engineering'],
  Education: ['Teaching', 'Study Skills', 'Language Learning'],
  Travel: ['Europe', 'Asia', 'Americas', 'Guidebooks'],
  'Family & Relationships': ['Parenting', 'Marriage', 'Friendship'],
  Psychology: ['Cognitive', 'Social', 'Popular'],
  Philosophy: ['Ethics', 'Eastern', 'Western'],
  Religion: ['Spirituality', 'Christianity', 'Buddhism'],
  'Crafts & Hobbies': ['General', 'Gardening', 'Photography'],
  'Sports & Recreation': ['General', 'Outdoor', 'Running'],
  Poetry: ['General', 'Anthologies'],
} as const satisfies Record<string, readonly string[]>;

/** Every subject as "Top / Sub". */
export const subjects: readonly string[] = Object.entries(subjectTree).flatMap(([top, subs]) =>
  subs.map((sub) => `${top} / ${sub}`),
);
