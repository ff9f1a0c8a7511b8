import { z } from 'zod';

/** The 26 genres of spec §9. `bookType` decides which plan shape a book gets (fiction or non-fiction). */
export const genres = [
  { value: 'fiction', label: 'Fiction', bookType: 'fiction' },
  { value: 'science fiction', label: 'Science Fiction', bookType: 'fiction' },
  { value: 'fantasy', label: 'Fantasy', bookType: 'fiction' },
  { value: 'mystery', label: 'Mystery', bookType: 'fiction' },
  { value: 'magical realism', label: 'Magical Realism', bookType: 'fiction' },
  { value: 'adventure', label: 'Adventure', bookType: 'fiction' },
  { value: 'young adult', label: 'Young Adult', bookType: 'fiction' },
  { value: 'romance', label: 'Romance', bookType: 'fiction' },
  { value: 'thriller', label: 'Thriller', bookType: 'fiction' },
  { value: 'horror', label: 'Horror', bookType: 'fiction' },
  { value: 'historical fiction', label: 'Historical Fiction', bookType: 'fiction' },
  { value: 'modern realism', label: 'Modern Realism', bookType: 'fiction' },
  { value: 'dystopic', label: 'Dystopic', bookType: 'fiction' },
  { value: 'non-fiction', label: 'Non-Fiction', bookType: 'non-fiction' },
  { value: 'self-help', label: 'Self-Help', bookType: 'non-fiction' },
  { value: 'business', label: 'Business', bookType: 'non-fiction' },
  { value: 'biography', label: 'Biography', bookType: 'non-fiction' },
  { value: 'history', label: 'History', bookType: 'non-fiction' },
  { value: 'science', label: 'Science', bookType: 'non-fiction' },
  { value: 'economics', label: 'Economics', bookType: 'non-fiction' },
  { value: 'cooking', label: 'Cooking', bookType: 'non-fiction' },
  { value: 'travel', label: 'Travel', bookType: 'non-fiction' },
  { value: 'health', label: 'Health', bookType: 'non-fiction' },
  { value: 'philosophy', label: 'Philosophy', bookType: 'non-fiction' },
  { value: 'education', label: 'Education', bookType: 'non-fiction' },
  { value: 'technology', label: 'Technology', bookType: 'non-fiction' },
] as const;

export type Genre = (typeof genres)[number]['value'];
export const GenreSchema = z.enum(genres.map((g) => g.value) as [Genre, ...Genre[]]);
export const BookTypeSchema = z.enum(['fiction', 'non-fiction']);
export type BookType = z.infer<typeof BookTypeSchema>;

export function bookTypeOf(genre: Genre): BookType {
  return genres.find((g) => g.value === genre)?.bookType ?? 'fiction';
}
