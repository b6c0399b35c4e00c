import { inviteLink, readInviteLink } from './invite-link';

describe('invite links', () => {
  it('carry the code and the email in the fragment, and read back as they were', () => {
    const link = inviteLink('https://label.example.org', { code: 'Ab-_9xYz', email: 'new+hire@example.org' });
    const url = new URL(link);
    expect(url.pathname).toBe('/register');
    expect(url.search).toBe('');
    expect(readInviteLink(url.hash)).toEqual({ code: 'Ab-_9xYz', email: 'new+hire@example.org' });
  });

  it('read as empty what a plain address does not carry', () => {
    expect(readInviteLink('')).toEqual({ code: '', email: '' });
    expect(readInviteLink('#email=a%40b.test')).toEqual({ code: '', email: 'a@b.test' });
  });
});
