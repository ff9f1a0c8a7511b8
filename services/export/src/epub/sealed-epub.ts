import { EPub, type Content, type Options } from 'epub-gen-memory';
import type JSZip from 'jszip';

/** An EPUB build that would have read a file or the network: a bug or an attack, never exported. */
export class EpubResourceError extends Error {
  constructor(what: string) {
    super(`EPUB export refused to fetch ${what}: only images we supply as data may enter an EPUB`);
    this.name = 'EpubResourceError';
  }
}

/**
 * epub-gen-memory with every fetch sealed off. The library downloads each <img> source it finds in
 * chapter HTML, each font URL and a cover given as a URL — file:// included (ARCHITECTURE §12). Our
 * chapter HTML never contains an <img> and we add the cover ourselves, so any of these means something
 * slipped through: the build fails instead of reading anything.
 */
export class SealedEPub extends EPub {
  constructor(options: Options, chapters: Content) {
    if (options.cover !== undefined) throw new EpubResourceError('a cover given to epub-gen-memory');
    if (options.fonts !== undefined && options.fonts.length > 0) throw new EpubResourceError('fonts');
    super(options, chapters);
  }

  protected override async downloadAllFonts(): Promise<void> {
    if (this.options.fonts.length > 0) throw new EpubResourceError('fonts');
  }

  protected override async downloadAllImages(): Promise<void> {
    if (this.images.length > 0) {
      throw new EpubResourceError(`${this.images.length} image(s) named in chapter HTML`);
    }
  }

  protected override async makeCover(): Promise<void> {
    if (this.cover !== undefined) throw new EpubResourceError('a cover');
  }

  /** Renders the chapters and template files and hands over the zip for post-processing. */
  async renderZip(): Promise<JSZip> {
    await this.render();
    return this.zip as unknown as JSZip;
  }
}
