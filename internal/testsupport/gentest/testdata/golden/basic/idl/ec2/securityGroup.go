package ec2
