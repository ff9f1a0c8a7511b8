import { Link } from 'react-router';
import type { Book } from '@bookwright/contracts/http';
import { buttonClass } from '../../components/ui';
import { StatusBadge } from './StatusBadge';

/** What a book page shows when the book cannot be opened there: not loaded, or in another status. */
export function BookUnavailable({ book }: { book?: Book }) {
  let title = 'This book could not be opened';
  let body = 'It may have been removed, or the connection failed. Your library lists every book you have.';
  let action = { to: '/app', label: 'Back to your library' };
  if (book) {
    title = book.title;
    if (book.status === 'ready') {
      body = 'This book is written. Open it in the editor to refine the manuscript.';
      action = { to: `/app/edit/${book._id}`, label: 'Open the editor' };
    } else if (book.status === 'validation') {
      body = 'The structure of this book is waiting for your review before it can be written.';
      action = { to: `/app/${book._id}`, label: 'Review the structure' };
    } else if (book.status === 'planning') {
      body = 'We are still planning this book. It appears in your library as soon as the structure is ready.';
    } else if (book.status === 'writing') {
      const p = book.progress;
      body =
        p && p.chaptersTotal > 0
          ? `This book is being written: ${p.chaptersWritten} of ${p.chaptersTotal} chapters so far.`
          : 'This book is being written. It can take up to 30 minutes.';
    } else if (book.status === 'translating') {
      const p = book.progress;
      body =
        p && p.chaptersTotal > 0
          ? `This book is being translated: ${p.chaptersWritten} of ${p.chaptersTotal} chapters so far.`
          : 'This book is being translated. It opens in the editor when every chapter is done.';
    } else if (book.status === 'failed') {
      body = book.failure?.reason ?? 'Something went wrong with this book. You can try again from your library.';
    }
  }
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-10">
        {book && <StatusBadge status={book.status} />}
        <h1 className="mt-4 font-display text-3xl font-semibold text-ink-950">{title}</h1>
        <p className="mt-3 text-base text-stone-600">{body}</p>
        <Link to={action.to} className={buttonClass('primary', 'mt-7 px-6')}>
          {action.label}
        </Link>
      </div>
    </div>
  );
}
