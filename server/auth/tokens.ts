import { signToken, verifyToken, type VerifyResult } from './jwt';

export interface TokenSubject {
  userId: string;
  tenantId: string;
  email: string;
}

/** Issues and checks the bearer tokens of one service instance. */
export class TokenIssuer {
  constructor(
    private readonly secret: Buffer,
    readonly ttlSeconds: number,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  issue(subject: TokenSubject): Promise<string> {
    const iat = this.nowSeconds();
    return signToken({ sub: subject.userId, tid: subject.tenantId, ema: subject.email, iat, exp: iat + this.ttlSeconds }, this.secret);
  }

  verify(token: string): Promise<VerifyResult> {
    return verifyToken(token, this.secret, this.nowSeconds());
  }
}
