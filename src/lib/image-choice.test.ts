import { chooseImageUrl, previewImageUrl } from './image-choice';

const media = {
  media_url: 'original',
  image_width: 4000,
  resize_urls: { '2048': 'w2048', '256': 'w256', '1024': 'w1024' },
};

describe('chooseImageUrl', () => {
  it('picks the smallest resize at least as wide as the device pixels shown', () => {
    expect(chooseImageUrl(media, 200, 1, 1)).toBe('w256');
    expect(chooseImageUrl(media, 300, 1, 1)).toBe('w1024');
    expect(chooseImageUrl(media, 500, 2, 1)).toBe('w1024');
    expect(chooseImageUrl(media, 500, 2, 1.5)).toBe('w2048');
  });

  it('falls back to the original when zoomed in beyond every resize, or when there are none', () => {
    expect(chooseImageUrl(media, 1000, 2, 4)).toBe('original');
    expect(chooseImageUrl({ ...media, resize_urls: {} }, 10, 1, 1)).toBe('original');
  });
});

describe('previewImageUrl', () => {
  it('is the smallest resize, or the original when there is none', () => {
    expect(previewImageUrl(media)).toBe('w256');
    expect(previewImageUrl({ ...media, resize_urls: {} })).toBe('original');
  });
});
