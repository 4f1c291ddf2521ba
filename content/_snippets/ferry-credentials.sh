kubectl create namespace ferrygate
kubectl -n ferrygate create secret generic ferry-credentials \
  --from-literal=FG_KEY=fgk_… \
  --from-literal=FG_SECRET=…
