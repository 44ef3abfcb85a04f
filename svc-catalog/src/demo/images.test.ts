import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DEMO_ARTICLES } from './catalogue';
import { demoSvg, renderDemoImage } from './images';

describe('demo photos', () => {
  it('are drawings with no text on them, one kind of product per category', () => {
    for (const article of DEMO_ARTICLES) expect(demoSvg(article)).not.toMatch(/<text/);
    // Same category, same kind of product (an F1 car here), told apart by the livery.
    const ferrari = demoSvg(DEMO_ARTICLES.find((a) => a.sku === 'F1-SF24-LEC-18')!);
    const mclaren = demoSvg(DEMO_ARTICLES.find((a) => a.sku === 'F1-MCL38-NOR-43')!);
    expect(ferrari).not.toBe(mclaren);
    expect(ferrari).toContain('#d40000');
    expect(mclaren).toContain('#ff8000');
  });

  it('rasterise to 800 x 600 pictures that differ between categories', async () => {
    const picks = [
      'F1-SF24-LEC-18',
      'HLM-LEC-24-12',
      'PKM-CHAR-PREM',
      'TRK-SCA-143M',
      'TRN-VOL-FH16',
      'TUN-SUPRA-MK4',
      'PAN-CALC-2526',
    ];
    const hashes = new Set<string>();
    for (const sku of picks) {
      const png = await renderDemoImage(DEMO_ARTICLES.find((a) => a.sku === sku)!);
      const { width, height, format } = await sharp(png).metadata();
      expect({ width, height, format }).toEqual({ width: 800, height: 600, format: 'png' });
      // A drawn product, not a flat colour: many distinct colours in the picture.
      const { data } = await sharp(png).resize(80, 60).raw().toBuffer({ resolveWithObject: true });
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 3)
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      expect(colours.size).toBeGreaterThan(150);
      hashes.add(createHash('sha1').update(png).digest('hex'));
    }
    expect(hashes.size).toBe(picks.length);
  });
});
