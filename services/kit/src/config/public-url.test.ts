import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from './config';
import { publicUrlConfigFields, withPublicUrl } from './public-url';

const schema = z.object(publicUrlConfigFields).transform(withPublicUrl);

describe('PUBLIC_URL', () => {
  it('defaults to the app on this machine at its PORT', () => {
    expect(parseConfig(schema, {})).toEqual({ PORT: 8080, PUBLIC_URL: 'http://localhost:8080' });
    expect(parseConfig(schema, { PORT: '3000' })).toEqual({ PORT: 3000, PUBLIC_URL: 'http://localhost:3000' });
  });

  it('is taken as set, whatever the PORT', () => {
    expect(parseConfig(schema, { PORT: '3000', PUBLIC_URL: 'https://books.example.com' }).PUBLIC_URL).toBe(
      'https://books.example.com',
    );
  });

  it('must be a URL', () => {
    expect(() => parseConfig(schema, { PUBLIC_URL: 'books.example.com' })).toThrow(/PUBLIC_URL has a bad value/);
  });
});
