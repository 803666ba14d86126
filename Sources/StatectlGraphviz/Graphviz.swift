import CGraphviz
