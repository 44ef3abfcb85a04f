// An image a component imports (shell's hero) is its address in the bundle; the same address in every test.
module.exports = '/images/hero.0123abcd.webp';
