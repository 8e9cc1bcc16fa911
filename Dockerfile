# Multi-stage build of all apps; pick one with the command (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run prisma:generate && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# The assistant's voice on real calls (flite) and in simulated recordings (espeak-ng); its ears (pocketsphinx).
RUN apt-get update && apt-get install -y --no-install-recommends flite espeak-ng pocketsphinx pocketsphinx-en-us \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/package.json ./package.json
USER node
CMD ["node", "dist/apps/api-gateway/src/main.js"]
