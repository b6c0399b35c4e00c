/** The app's page where a person registers, and where an invite link leads. */
export const REGISTER_PATH = '/register';

export interface InviteLinkParts {
  code: string;
  email: string;
}

/**
 * The link an administrator sends to the person they invited: the register page, with the invite's code and email in
 * the fragment, which a browser never sends to a server, so no request log or Referer header carries the code.
 */
export function inviteLink(appOrigin: string, { code, email }: InviteLinkParts): string {
  return `${appOrigin}${REGISTER_PATH}#${new URLSearchParams({ invite: code, email }).toString()}`;
}

/** The code and email an invite link's fragment carries; empty strings for what it does not. */
export function readInviteLink(hash: string): InviteLinkParts {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return { code: params.get('invite') ?? '', email: params.get('email') ?? '' };
}
