import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStreetClip } from '../testing/videos';
import { describeText, inputOptions, sniffVideoFormat } from './container';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const EBML = '\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84';

const MANIFESTS = {
  'a DASH manifest (MPD)': '<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period/></MPD>\n',
  'an HLS playlist (M3U8)': '#EXTM3U\n#EXTINF:5.0,\nhttp://127.0.0.1:9/v.mp4\n#EXT-X-ENDLIST\n',
  'an ffconcat script': "ffconcat version 1.0\nfile '/etc/passwd'\n",
  'an SDP session description': 'v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nm=video 9 RTP/AVP 96\n',
};

describe('sniffVideoFormat', () => {
  it('tells each container by its first bytes', async () => {
    expect(sniffVideoFormat(await readStreetClip())).toBe('mp4');
    expect(sniffVideoFormat(bytes('\0\0\0\x14ftypqt  \0\0\x02\0qt  '))).toBe('mov');
    expect(sniffVideoFormat(bytes('\0\0\0\x08wide\0\x10\0\0mdat'))).toBe('mov');
    expect(sniffVideoFormat(bytes(`${EBML}matroska`))).toBe('mkv');
    expect(sniffVideoFormat(bytes(`${EBML}webm`))).toBe('webm');
    expect(sniffVideoFormat(bytes('RIFF\x10\0\0\0AVI LIST'))).toBe('avi');
    expect(sniffVideoFormat(bytes('GIF89a\x10\0\x10\0'))).toBe('gif');
  });

  it('takes no text for a QuickTime file, though its bytes 4 to 8 spell a box type', () => {
    expect(sniffVideoFormat(bytes('<!--skip-->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011"/>'))).toBeNull();
    expect(sniffVideoFormat(bytes('abcdftypqt  and more text'))).toBeNull();
  });

  it('takes no text whatever box type it spells at byte 4', () => {
    const start = fc.stringMatching(/^[\t\n\r -~]{4}$/);
    const box = fc.constantFrom('ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot');
    const rest = fc.stringMatching(/^[\t\n\r -~\u00a0-\u024f]{0,300}$/);
    fc.assert(
      fc.property(start, box, rest, (...parts) => {
        const file = Buffer.from(parts.join(''));
        expect(sniffVideoFormat(file)).toBeNull();
        expect(describeText(file)).not.toBeNull();
      }),
    );
  });

  it.each(Object.entries(MANIFESTS))('refuses %s', (_kind, text) => {
    expect(sniffVideoFormat(bytes(text))).toBeNull();
  });

  it('refuses what is none of the containers', () => {
    for (const other of ['', 'RIFF\x10\0\0\0WAVEfmt ', '%PDF-1.7\n', '\x89PNG\r\n\x1a\n']) expect(sniffVideoFormat(bytes(other))).toBeNull();
  });
});

describe('describeText', () => {
  it.each(Object.entries(MANIFESTS))('names %s', (kind, text) => {
    expect(describeText(bytes(text))).toBe(kind);
  });

  it('names the manifest behind a comment, other text as text, and nothing in a binary file', async () => {
    expect(describeText(bytes('<!--skip-->\n<MPD type="static"></MPD>'))).toBe('a DASH manifest (MPD)');
    expect(describeText(Buffer.from('Grüße, a note\r\n\tindented'))).toBe('text');
    expect(describeText(await readStreetClip())).toBeNull();
    expect(describeText(bytes('RIFF\x10\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('inputOptions', () => {
  it("names each format's demuxer and allows the file protocol only", () => {
    expect(inputOptions('mp4')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov', '-enable_drefs', '0']);
    expect(inputOptions('mov')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov', '-enable_drefs', '0']);
    expect(inputOptions('webm')).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska']);
    expect(inputOptions('mkv')).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska']);
    expect(inputOptions('avi')).toEqual(['-protocol_whitelist', 'file', '-f', 'avi']);
    expect(inputOptions('gif')).toEqual(['-protocol_whitelist', 'file', '-f', 'gif']);
  });
});
