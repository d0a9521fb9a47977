// Imported first by every entry: React's development build adds checks and warnings for a browser's developer, and
// the templates are only ever rendered for output.
process.env.NODE_ENV ??= 'production';
