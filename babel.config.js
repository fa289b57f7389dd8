// Babel is used only by the webpack bundler (benchmark comparison); the default Rspack build transpiles with SWC.
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
