import { spawn } from 'node:child_process'

/** `npm run dev`: the API in watch mode on 3001 and Vite on 5173 with /api proxied to it. */
const env = {
  ...process.env,
  PORT: '3001',
  NODE_ENV: 'development',
  APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:5173',
}
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop())
