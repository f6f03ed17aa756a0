# One image for every app process (docker-compose.yml runs two). Builds the web app and the server
# bundle, then runs `node dist/main.js` from apps/server, as `npm start` does.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# Dev dependencies are needed to build (Vite, esbuild, TypeScript).
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
WORKDIR /app/apps/server
EXPOSE 3000
CMD ["node", "dist/main.js"]
