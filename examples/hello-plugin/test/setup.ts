// The app loads Reflect metadata before any plugin; a test loads it the same way.
import 'reflect-metadata';
