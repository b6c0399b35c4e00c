import { beforeSignOut, runBeforeSignOut } from './before-sign-out';

describe('beforeSignOut', () => {
  it('runs each registered task at sign-out until it is cancelled', () => {
    const ran: string[] = [];
    const cancelA = beforeSignOut(() => ran.push('a'));
    const cancelB = beforeSignOut(() => ran.push('b'));
    runBeforeSignOut();
    cancelA();
    runBeforeSignOut();
    cancelB();
    runBeforeSignOut();
    expect(ran).toEqual(['a', 'b', 'b']);
  });
});
