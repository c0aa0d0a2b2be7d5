// Every component test: IndexedDB as the offline store expects it (fake-indexeddb), and a clean page after each test
// (Testing Library cleans up by itself only where the test functions are globals).
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(cleanup)
