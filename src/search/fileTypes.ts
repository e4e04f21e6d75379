/**
 * File types for Grep's `type` parameter when the built-in engine runs (ripgrep has its own,
 * longer list). Each type is a list of file-name globs, as in `rg --type-list`.
 */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  asm: ["*.S", "*.asm", "*.s"],
  c: ["*.[chH]", "*.[chH].in", "*.cats"],
  clojure: ["*.clj", "*.cljc", "*.cljs", "*.cljx"],
  cmake: ["*.cmake", "CMakeLists.txt"],
  config: ["*.cfg", "*.conf", "*.config", "*.ini"],
  cpp: ["*.[ChH]", "*.[ChH].in", "*.[ch]pp", "*.[ch]pp.in", "*.[ch]xx", "*.[ch]xx.in", "*.cc", "*.cc.in", "*.hh", "*.hh.in", "*.inl"],
  cs: ["*.cs"],
  css: ["*.css", "*.scss"],
  csv: ["*.csv"],
  dart: ["*.dart"],
  diff: ["*.diff", "*.patch"],
  docker: ["*Dockerfile*"],
  elixir: ["*.eex", "*.ex", "*.exs"],
  erlang: ["*.erl", "*.hrl"],
  go: ["*.go"],
  gradle: ["*.gradle"],
  h: ["*.h", "*.hpp"],
  haskell: ["*.c2hs", "*.cpphs", "*.hs", "*.hsc", "*.lhs"],
  html: ["*.ejs", "*.htm", "*.html"],
  java: ["*.java", "*.jsp", "*.jspx", "*.properties"],
  js: ["*.js", "*.jsx", "*.vue"],
  json: ["*.json", "composer.lock"],
  jsonl: ["*.jsonl"],
  julia: ["*.jl"],
  kotlin: ["*.kt", "*.kts"],
  less: ["*.less"],
  log: ["*.log"],
  lua: ["*.lua"],
  make: ["*.mak", "*.mk", "[Gg][Nn][Uu]makefile", "[Mm]akefile", "[Mm]akefile.am", "[Mm]akefile.in"],
  markdown: ["*.markdown", "*.md", "*.mdown", "*.mkdn"],
  md: ["*.markdown", "*.md", "*.mdown", "*.mkdn"],
  nix: ["*.nix"],
  objc: ["*.h", "*.m"],
  ocaml: ["*.ml", "*.mli", "*.mll", "*.mly"],
  perl: ["*.PL", "*.perl", "*.pl", "*.plh", "*.plx", "*.pm", "*.t"],
  php: ["*.php", "*.php3", "*.php4", "*.php5", "*.phtml"],
  protobuf: ["*.proto"],
  py: ["*.py"],
  r: ["*.R", "*.Rmd", "*.Rnw", "*.r"],
  ruby: ["*.gemspec", "*.rb", "*.rbw", ".irbrc", "Gemfile", "Rakefile", "config.ru"],
  rust: ["*.rs"],
  sass: ["*.sass", "*.scss"],
  scala: ["*.sbt", "*.scala"],
  sh: ["*.bash", "*.bashrc", "*.csh", "*.ksh", "*.sh", "*.tcsh", "*.zsh", ".bash_profile", ".bashrc", ".profile", ".zshrc"],
  sql: ["*.psql", "*.sql"],
  swift: ["*.swift"],
  tex: ["*.bib", "*.cls", "*.dtx", "*.ins", "*.ltx", "*.sty", "*.tex"],
  tf: ["*.tf"],
  toml: ["*.toml", "Cargo.lock"],
  ts: ["*.ts", "*.tsx"],
  txt: ["*.txt"],
  vim: ["*.vim"],
  xml: ["*.dtd", "*.rng", "*.sch", "*.xhtml", "*.xjb", "*.xml", "*.xml.dist", "*.xsd", "*.xsl", "*.xslt"],
  yaml: ["*.yaml", "*.yml"],
  zig: ["*.zig"],
};

/** A matcher for file names of one type, or undefined for an unknown type. */
export function fileTypeMatcher(type: string): ((name: string) => boolean) | undefined {
  const globs = FILE_TYPES[type];
  if (globs === undefined) return undefined;
  const compiled = globs.map((glob) => new Bun.Glob(glob));
  return (name) => compiled.some((glob) => glob.match(name));
}
