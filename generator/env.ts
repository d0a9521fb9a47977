// Imported first by every entry: React's development build renders several times slower, and the
// templates are only ever rendered for output.
process.env.NODE_ENV ??= 'production';
